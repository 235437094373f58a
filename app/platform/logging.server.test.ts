import { describe, expect, it } from "vitest";
import {
  createLogger,
  formatLine,
  type LogLevel,
  REPEAT_WINDOW_MS,
  recordOf,
  redact,
  requestScope,
} from "./logging.server";

const TOKEN = "k3J9dQm2Xv8LpR4tY7wZ1nB6cF0hG5sA";

function capture(format: "text" | "json", start = Date.UTC(2026, 10, 27, 12)) {
  const out: { level: LogLevel; line: string }[] = [];
  let now = start;
  const logger = createLogger({
    format,
    write: (level, line) => out.push({ level, line }),
    now: () => now,
  });
  return {
    logger,
    out,
    advance(ms: number) {
      now += ms;
    },
  };
}

describe("redaction", () => {
  it("removes cookie values, tokens, passwords and Drizzle's parameters", () => {
    const cases = [
      `cookie: better-auth.session_token=${TOKEN}.c2lnbmF0dXJlc2lnbmF0dXJlc2ln`,
      `Failed query: select * from sessions where token = $1\nparams: ${TOKEN},2026-11-27`,
      `{"password":"Hunter-2-secret","email":"a@b.co"}`,
      "postgres://app:s3cr3t-Pa55@db.internal:5432/fabricum",
      "smtp://mailer:Pa55word@smtp.example.com:587",
      `reset link https://fabricum.example/api/auth/reset-password/${TOKEN}?callbackURL=/x`,
      `authorization: Bearer ${TOKEN}`,
    ];
    for (const text of cases) {
      const clean = redact(text);
      expect(clean).not.toContain(TOKEN);
      expect(clean).not.toContain("Hunter-2-secret");
      expect(clean).not.toContain("s3cr3t-Pa55");
      expect(clean).not.toContain("Pa55word");
      expect(clean).toContain("[redacted]");
    }
  });

  it("keeps ordinary text, ids and error codes", () => {
    const text =
      "[db] the database cannot be reached: 57P01 terminating connection (code: '57P01')";
    expect(redact(text)).toBe(text);
    const id = "quote 6f1c2d1e-8b7a-4c3d-9e2f-1a2b3c4d5e6f not found";
    expect(redact(id)).toBe(id);
  });
});

describe("log lines", () => {
  it("writes an error with its stack and cause on ONE JSON line", () => {
    const { logger, out } = capture("json");
    const error = new Error("Failed query: select 1\nparams: x", {
      cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
        code: "ECONNREFUSED",
      }),
    });
    logger.log("error", ["[db] lost:", error]);
    expect(out).toHaveLength(1);
    const line = out[0]?.line ?? "";
    expect(line).not.toContain("\n");
    const record = JSON.parse(line);
    expect(record).toMatchObject({ level: "error", time: "2026-11-27T12:00:00.000Z" });
    expect(record.msg).toContain("[db] lost: Error: Failed query");
    expect(record.msg).toContain("cause: Error: connect ECONNREFUSED");
    expect(record.msg).toContain("params: [redacted]");
    expect(record.stack).toContain("at ");
  });

  it("writes readable text lines with a timestamp, a bounded stack and no colours", () => {
    const { logger, out } = capture("text");
    logger.log("info", ["\u001b[32mready\u001b[39m on port %d", 3000]);
    const deep = new Error("deep");
    deep.stack = `Error: deep\n${Array.from({ length: 40 }, (_, i) => `    at f${i} (x.js:${i}:1)`).join("\n")}`;
    logger.log("error", [deep]);
    expect(out[0]?.line).toBe("2026-11-27T12:00:00.000Z INFO  ready on port 3000");
    const line = out[1]?.line ?? "";
    expect(line).toMatch(/^2026-11-27T12:00:00\.000Z ERROR Error: deep \{at f0/);
    expect(line).toContain("… 34 more");
    expect(line).not.toContain("\n");
  });

  it("writes a repeated error once per window, then how many were left out", () => {
    const { logger, out, advance } = capture("json");
    for (let i = 0; i < 500; i++) {
      logger.log("error", [`[db] the database cannot be reached: connect ECONNREFUSED :${i}`]);
      advance(10);
    }
    // 500 errors in 5 s: one line.
    expect(out).toHaveLength(1);
    advance(REPEAT_WINDOW_MS);
    logger.flush();
    expect(out).toHaveLength(2);
    const summary = JSON.parse(out[1]?.line ?? "{}");
    expect(summary.repeated).toBe(499);
    expect(summary.msg).toContain("the same 499 more times");
    // Info lines (requests) are never held back.
    for (let i = 0; i < 5; i++) logger.record({ level: "info", msg: "GET / 200 1 ms" });
    expect(out).toHaveLength(7);
  });

  it("adds the request id of the request a line was written for", () => {
    const { logger, out } = capture("json");
    requestScope.run({ requestId: "req-42" }, () => logger.log("warn", ["inside"]));
    expect(JSON.parse(out[0]?.line ?? "{}").requestId).toBe("req-42");
  });

  it("formats objects without colours or line breaks", () => {
    const record = recordOf("info", [{ nested: { list: [1, 2, 3] } }], "text");
    expect(record.msg).toBe("{ nested: { list: [ 1, 2, 3 ] } }");
    expect(formatLine({ level: "info", msg: "x", status: 200 }, "text", new Date(0))).toBe(
      "1970-01-01T00:00:00.000Z INFO  x (status=200)",
    );
  });
});

describe("text lines of several lines", () => {
  it("indents a message's continuation lines", () => {
    const line = formatLine({ level: "info", msg: "accounts:\n  a@b.co  x" }, "text", new Date(0));
    expect(line).toBe("1970-01-01T00:00:00.000Z INFO  accounts:\n      a@b.co  x");
  });
});

describe("a local trial's log", () => {
  it("keeps links whole only when redaction is turned off (embedded database, local BASE_URL)", () => {
    const line = `[mail] Письмо для a@b.co: http://localhost:3000/api/auth/verify-email?token=${TOKEN}`;
    const out: string[] = [];
    createLogger({ format: "text", redact: false, write: (_, l) => out.push(l) }).log("info", [
      line,
    ]);
    createLogger({ format: "text", write: (_, l) => out.push(l) }).log("info", [line]);
    expect(out[0]).toContain(TOKEN);
    expect(out[1]).not.toContain(TOKEN);
  });
});

describe("a request line in text", () => {
  it("is the message and the request id", () => {
    const record = {
      level: "info" as const,
      msg: "GET /factories 200 12 ms",
      method: "GET",
      path: "/factories",
      status: 200,
      durationMs: 12.3,
      requestId: "r-1",
    };
    expect(formatLine(record, "text", new Date(0))).toBe(
      "1970-01-01T00:00:00.000Z INFO  GET /factories 200 12 ms (requestId=r-1)",
    );
  });
});
