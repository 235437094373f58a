import { chmodSync, mkdirSync, statSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import path from "node:path";
import PostalMime, { type Address, type Email } from "postal-mime";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { m } from "~/domain/messages";
import { type Env, parseEnv } from "~/platform/env.server";
import {
  createMailer,
  latestMessageTo,
  outboxDir,
  passwordResetEmail,
  readOutbox,
  verificationEmail,
} from "~/platform/mail.server";
import { tempDir } from "../support/per-file";

const BASE = "http://localhost:3000";
const verifyUrl = `${BASE}/api/auth/verify-email?token=abc.def&callbackURL=%2Fprofile`;
const resetUrl = `${BASE}/api/auth/reset-password/tok123?callbackURL=%2Freset-password`;

function freshEnv(extra: Record<string, string> = {}): Env {
  const dir = tempDir("fabricum-mail-");
  return parseEnv({ NODE_ENV: "test", DATA_DIR: dir, BASE_URL: BASE, ...extra });
}

const addressOf = (a: Address | undefined) => (a && "address" in a ? a.address : undefined);

describe("message builders", () => {
  const env = { SITE_NAME: "Fabricum" };

  it("builds the confirmation email in Russian, text and HTML", () => {
    const mail = verificationEmail(env, { name: "Анна", url: verifyUrl, expiresIn: 24 * 60 * 60 });
    expect(mail.subject).toBe(m.mail.verifySubject("Fabricum"));
    expect(mail.link).toBe(verifyUrl);
    expect(mail.text).toContain("Здравствуйте, Анна!");
    expect(mail.text).toContain(m.mail.verifyText("Fabricum"));
    expect(mail.text).toContain(verifyUrl);
    expect(mail.text).toContain("Ссылка действует 24 часа.");
    expect(mail.text).toContain(m.mail.signature("Fabricum"));
    expect(mail.html).toContain('<html lang="ru">');
    expect(mail.html).toContain(m.mail.verifyButton);
    // The link is escaped inside the attribute (& → &amp;).
    expect(mail.html).toContain(`href="${verifyUrl.replaceAll("&", "&amp;")}"`);
    expect(mail.html).not.toContain(`href="${verifyUrl}"`);
  });

  it("builds the password reset email; no name → a greeting without a name", () => {
    const mail = passwordResetEmail(env, { name: "  ", url: resetUrl, expiresIn: 3600 });
    expect(mail.subject).toBe(m.mail.resetSubject("Fabricum"));
    expect(mail.text.startsWith(`${m.mail.greetingAnonymous}\n`)).toBe(true);
    expect(mail.text).toContain("Ссылка действует 1 час.");
    expect(mail.text).toContain(m.mail.ignore);
    expect(mail.html).toContain(m.mail.resetButton);
    expect(mail.html).toContain(`href="${resetUrl}"`);
  });

  it("escapes the name in the HTML", () => {
    const mail = verificationEmail(env, { name: "<script>alert(1)</script>", url: verifyUrl });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.text).toContain("Здравствуйте, <script>alert(1)</script>!");
  });

  it("accepts only absolute http(s) links", () => {
    expect(() => verificationEmail(env, { name: "A", url: "javascript:alert(1)" })).toThrow();
    expect(() => verificationEmail(env, { name: "A", url: "/relative" })).toThrow();
  });
});

describe("outbox mode (no SMTP_URL)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("keeps the outbox readable by its owner only", async () => {
    const env = freshEnv();
    const dir = outboxDir(env.dataDir);
    // An outbox folder an older version left open to everyone is closed on the next letter.
    mkdirSync(dir, { recursive: true, mode: 0o755 });
    chmodSync(dir, 0o755);
    vi.spyOn(console, "log").mockImplementation(() => {});
    const sent = await createMailer(env).send({
      to: "anna@example.com",
      ...verificationEmail(env, { url: verifyUrl }),
    });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    for (const file of await readdir(dir)) {
      expect(statSync(path.join(dir, file)).mode & 0o777, file).toBe(0o600);
    }
    expect(sent.file?.endsWith(".json")).toBe(true);
  });

  it("writes a real MIME message and a JSON sidecar, and logs the link", async () => {
    const env = freshEnv();
    const mailer = createMailer(env);
    expect(mailer.mode).toBe("outbox");
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const content = verificationEmail(env, { name: "Анна", url: verifyUrl });

    const sent = await mailer.send({ to: "anna@example.com", ...content });

    const subject = m.mail.verifySubject("Fabricum");
    expect(log).toHaveBeenCalledWith(
      `[mail] Письмо для anna@example.com («${subject}»): ${verifyUrl}`,
    );
    const files = (await readdir(outboxDir(env.dataDir))).sort();
    expect(files).toHaveLength(2);
    const [eml, json] = files as [string, string];
    expect(eml).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-[0-9a-f]{8}\.eml$/);
    expect(json).toBe(eml.replace(/\.eml$/, ".json"));
    expect(sent.file).toBe(path.join(outboxDir(env.dataDir), json));

    const raw = await readFile(path.join(outboxDir(env.dataDir), eml), "utf8");
    // The Russian subject is an RFC 2047 encoded word, not raw 8-bit text.
    const subjectLine = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? "";
    expect(subjectLine).toMatch(/^=\?UTF-8\?[BQ]\?/i);
    expect(subjectLine).not.toMatch(/[^\x20-\x7e\r\n\t]/);
    expect(raw).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(raw).toMatch(/^Content-Type: text\/plain; charset=utf-8/m);
    expect(raw).toMatch(/^Content-Type: text\/html; charset=utf-8/m);
    expect(raw).toMatch(/^Auto-Submitted: auto-generated/m);

    const parsed = await PostalMime.parse(raw);
    expect(parsed.subject).toBe(subject);
    expect(parsed.from).toEqual({ name: "Fabricum", address: "no-reply@localhost" });
    expect(parsed.to?.map(addressOf)).toEqual(["anna@example.com"]);
    expect(parsed.text?.trim()).toBe(content.text.trim());
    expect(parsed.html).toContain(`href="${verifyUrl.replaceAll("&", "&amp;")}"`);
    expect(parsed.html).toContain("Здравствуйте, Анна!");

    const sidecar = JSON.parse(await readFile(sent.file as string, "utf8"));
    expect(sidecar).toEqual({
      to: "anna@example.com",
      subject,
      text: content.text,
      html: content.html,
      link: verifyUrl,
      sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      messageId: parsed.messageId,
    });
    expect(sent.messageId).toBe(parsed.messageId);

    const latest = await latestMessageTo(env.dataDir, "Anna@Example.com");
    expect(latest?.link).toBe(verifyUrl);
    expect(latest?.eml).toBe(path.join(outboxDir(env.dataDir), eml));
  });

  it("gives a letter the Message-ID it is asked to (the mail worker's stable ids)", async () => {
    const env = freshEnv();
    vi.spyOn(console, "log").mockImplementation(() => {});
    const messageId = "<notification.1234@fabricum.example>";
    const sent = await createMailer(env).send({
      to: "anna@example.com",
      ...verificationEmail(env, { url: verifyUrl }),
      messageId,
    });
    expect(sent.messageId).toBe(messageId);
    const raw = await readFile((sent.file as string).replace(/\.json$/, ".eml"), "utf8");
    expect((await PostalMime.parse(raw)).messageId).toBe(messageId);
    expect((await readOutbox(env.dataDir))[0]?.messageId).toBe(messageId);
  });

  it("keeps every message, in order, even when sent at once", async () => {
    const env = freshEnv();
    const mailer = createMailer(env);
    vi.spyOn(console, "log").mockImplementation(() => {});
    expect(await readOutbox(env.dataDir)).toEqual([]);
    expect(await latestMessageTo(env.dataDir, "a@example.com")).toBeUndefined();

    await mailer.send({ to: "a@example.com", ...verificationEmail(env, { url: `${BASE}/v/1` }) });
    await Promise.all(
      [2, 3, 4, 5].map((n) =>
        mailer.send({ to: "b@example.com", ...passwordResetEmail(env, { url: `${BASE}/r/${n}` }) }),
      ),
    );
    await mailer.send({ to: "a@example.com", ...passwordResetEmail(env, { url: `${BASE}/r/6` }) });
    await mailer.send({
      to: "c@example.com",
      subject: "Без ссылки",
      text: "Текст",
      html: "<p>Текст</p>",
    });

    const all = await readOutbox(env.dataDir);
    expect(all).toHaveLength(7);
    expect(new Set(all.map((msg) => msg.file)).size).toBe(7);
    expect(all[0]?.link).toBe(`${BASE}/v/1`);
    expect(all.slice(1, 5).map((msg) => msg.to)).toEqual(Array(4).fill("b@example.com"));
    const times = all.map((msg) => msg.sentAt);
    expect([...times].sort()).toEqual(times);
    expect(all[6]?.link).toBeNull();
    expect((await latestMessageTo(env.dataDir, "a@example.com"))?.link).toBe(`${BASE}/r/6`);
  });
});

describe("SMTP mode (a real SMTP server on 127.0.0.1)", () => {
  const received: { rcpt: string[]; mail: Email; raw: string }[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith("refused@")) {
          const error = Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 });
          callback(error);
          return;
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          PostalMime.parse(raw).then(
            (mail) => {
              received.push({ rcpt: session.envelope.rcptTo.map((r) => r.address), mail, raw });
              callback();
            },
            (error: Error) => callback(error),
          );
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
  });

  it("delivers the message to the server", async () => {
    const env = freshEnv({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: "Fabricum <robot@fabricum.test>",
    });
    const mailer = createMailer(env);
    expect(mailer.mode).toBe("smtp");
    const content = passwordResetEmail(env, { name: "Бахтиёр", url: resetUrl });
    try {
      const sent = await mailer.send({ to: "buyer@example.com", ...content });
      expect(sent.messageId).toMatch(/^<.+@.+>$/);
    } finally {
      mailer.close();
    }

    expect(received).toHaveLength(1);
    const [{ rcpt, mail, raw }] = received as [(typeof received)[number]];
    expect(rcpt).toEqual(["buyer@example.com"]);
    expect(mail.subject).toBe(m.mail.resetSubject("Fabricum"));
    expect(raw).toMatch(/^Subject: =\?UTF-8\?[BQ]\?/im);
    expect(addressOf(mail.from)).toBe("robot@fabricum.test");
    expect(mail.to?.map(addressOf)).toEqual(["buyer@example.com"]);
    expect(mail.text).toContain(resetUrl);
    expect(mail.html).toContain(`href="${resetUrl}"`);
    expect(mail.html).toContain("Здравствуйте, Бахтиёр!");
    // Nothing went to the outbox.
    expect(await readOutbox(env.dataDir)).toEqual([]);
  });

  it("rejects when the server refuses the recipient", async () => {
    const env = freshEnv({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const mailer = createMailer(env);
    const before = received.length;
    try {
      await expect(
        mailer.send({ to: "refused@example.com", ...verificationEmail(env, { url: verifyUrl }) }),
      ).rejects.toThrow();
    } finally {
      mailer.close();
    }
    expect(received.length).toBe(before);
    expect(await readOutbox(env.dataDir)).toEqual([]);
  });

  it("rejects when no server listens", async () => {
    const closed = new SMTPServer({ authOptional: true, disabledCommands: ["STARTTLS"] });
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const deadPort = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const mailer = createMailer(freshEnv({ SMTP_URL: `smtp://127.0.0.1:${deadPort}` }));
    await expect(
      mailer.send({ to: "a@example.com", subject: "x", text: "x", html: "<p>x</p>" }),
    ).rejects.toThrow();
    mailer.close();
  });
});
