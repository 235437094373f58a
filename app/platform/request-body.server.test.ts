import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_TENDER_FORM_FILES } from "~/domain/limits";
import {
  type BodyLimits,
  declaredTooLarge,
  FORM_LIMITS,
  limitsFor,
  readForm,
  readLimitedBody,
} from "./request-body.server";
import { MAX_UPLOAD_BYTES } from "./storage.server";

const URL_BASE = "http://localhost:3000";
const small: BodyLimits = { maxBytes: 1024, maxFields: 5, maxFiles: 1 };

/** A chunked body (no Content-Length) that records how many bytes were pulled from it. */
function countingBody(total: number, chunk = 256) {
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const size = Math.min(chunk, total - sent);
      sent += size;
      controller.enqueue(new TextEncoder().encode("a".repeat(size)));
    },
  });
  return { stream, pulled: () => sent };
}

function post(body: BodyInit, headers: Record<string, string> = {}, pathname = "/login") {
  return new Request(`${URL_BASE}${pathname}`, {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    duplex: "half",
  } as RequestInit);
}

describe("reading a posted form", () => {
  it("reads an ordinary form, repeated names and all", async () => {
    const read = await readForm(post("email=a%40b.co&password=secret&tag=1&tag=2"), small);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.form.get("email")).toBe("a@b.co");
    expect(read.form.getAll("tag")).toEqual(["1", "2"]);
  });

  it("refuses more fields than the cap before any form parser sees them", async () => {
    const read = await readForm(post(`a=1${"&a=1".repeat(40_000)}`), FORM_LIMITS);
    expect(read).toMatchObject({ ok: false, problem: "too-many-fields", status: 400 });
    const atCap = await readForm(post(`a=1${"&a=1".repeat(FORM_LIMITS.maxFields - 1)}`));
    expect(atCap.ok).toBe(true);
  });

  it("refuses a declared length over the limit without reading a byte", async () => {
    const body = countingBody(10_000);
    const read = await readForm(post(body.stream, { "content-length": "10000" }), small);
    expect(read).toMatchObject({ ok: false, problem: "too-large", status: 413 });
    expect(body.pulled()).toBeLessThanOrEqual(256 * 2);
  });

  it("stops a chunked body as soon as it passes the limit", async () => {
    const body = countingBody(100 * 1024 * 1024, 64 * 1024);
    const limits = { ...small, maxBytes: 256 * 1024 };
    const read = await readForm(post(body.stream), limits);
    expect(read).toMatchObject({ ok: false, problem: "too-large" });
    // The limit plus what the stream had queued ahead, never the 100 MB.
    expect(body.pulled()).toBeLessThan(limits.maxBytes + 4 * 64 * 1024);
  });

  it("calls anything but a form, or a broken multipart body, malformed", async () => {
    const json = await readForm(post('{"email":"a"}', { "content-type": "application/json" }));
    expect(json).toMatchObject({ ok: false, problem: "malformed", status: 400 });
    const broken = await readForm(
      post("garbage without boundaries", { "content-type": "multipart/form-data; boundary=xyz" }),
    );
    expect(broken).toMatchObject({ ok: false, problem: "malformed", status: 400 });
  });

  it("reads multipart with files up to the route's file count", async () => {
    const form = new FormData();
    form.append("intent", "upload");
    form.append("photo", new File([new Uint8Array(10)], "a.jpg", { type: "image/jpeg" }));
    const request = new Request(`${URL_BASE}/profile`, { method: "POST", body: form });
    const read = await readForm(request);
    expect(read.ok).toBe(true);

    const two = new FormData();
    two.append("a", new File([new Uint8Array(10)], "a.jpg"));
    two.append("b", new File([new Uint8Array(10)], "b.jpg"));
    const tooMany = await readForm(
      new Request(`${URL_BASE}/profile`, { method: "POST", body: two }),
    );
    expect(tooMany).toMatchObject({ ok: false, problem: "too-many-files", status: 413 });
    // An empty file input (nothing chosen) is not a file.
    const none = new FormData();
    none.append("a", new File([], ""));
    none.append("b", new File([], ""));
    expect(
      (await readForm(new Request(`${URL_BASE}/login`, { method: "POST", body: none }))).ok,
    ).toBe(true);
  });

  it("gives upload routes room for their files and every other route the form limit", async () => {
    expect(await limitsFor("/login")).toEqual(FORM_LIMITS);
    expect(await limitsFor("/login.data")).toEqual(FORM_LIMITS);
    expect((await limitsFor("/profile")).maxBytes).toBeGreaterThan(MAX_UPLOAD_BYTES);
    expect((await limitsFor("/profile")).maxBytes).toBeLessThan(2 * MAX_UPLOAD_BYTES);
    expect((await limitsFor("/factory-products.data")).maxFiles).toBe(8);
    // A tender's photos and its tech pack in one post.
    expect((await limitsFor("/my-tenders/")).maxFiles).toBe(MAX_TENDER_FORM_FILES);
    expect(await declaredTooLarge("/login", String(FORM_LIMITS.maxBytes + 1))).toBe(true);
    expect(await declaredTooLarge("/login", String(FORM_LIMITS.maxBytes))).toBe(false);
    expect(await declaredTooLarge("/place-tender", String(5 * MAX_UPLOAD_BYTES))).toBe(false);
    expect(await declaredTooLarge("/login", null)).toBe(false);
  });

  it("reads a JSON body within its limit, or nothing", async () => {
    const ok = await readLimitedBody(post('{"a":1}'), 100);
    expect(new TextDecoder().decode(ok ?? new Uint8Array())).toBe('{"a":1}');
    expect(await readLimitedBody(post("x".repeat(101)), 100)).toBeNull();
  });
});

describe("every route reads its body through readForm", () => {
  it("no route module calls request.formData(), .json(), .text() or .arrayBuffer()", () => {
    const dir = path.resolve("app/routes");
    const offenders = readdirSync(dir).filter((file) =>
      /request\.(formData|json|text|arrayBuffer|blob)\(/.test(
        readFileSync(path.join(dir, file), "utf8"),
      ),
    );
    expect(offenders).toEqual([]);
  });
});
