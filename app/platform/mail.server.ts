/**
 * Outgoing email. With SMTP_URL set, messages go through that SMTP server (nodemailer), and a
 * failure is passed to the caller. Without it, each message is built as a real MIME message and
 * written to DATA_DIR/outbox/ (`<time>-<random>.eml` plus a `.json` sidecar with the link), and
 * one line with the link goes to the log, so a person trying the product locally can still
 * confirm an address or reset a password.
 *
 * The message builders (verificationEmail, passwordResetEmail, noticeEmail) are pure: text in the
 * recipient's language from the catalogue's `mail` namespace, a plain-text part and a simple
 * inline-styled HTML part.
 */
import { randomBytes } from "node:crypto";
import { chmod, mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { mail as mailMessages } from "~/domain/catalogue";
import { DEFAULT_LOCALE, type Locale } from "~/domain/locale";
import { escapeHtml } from "~/lib/escape-html";
import type { Env } from "./env.server";

/** One message as the app hands it to the mailer. */
export interface MailMessage {
  /** The recipient's address. */
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link inside the message; the outbox and the log show it. */
  link?: string;
  /** Extra headers (List-Unsubscribe). */
  headers?: Record<string, string>;
  /**
   * The letter's own Message-ID (`<…@host>`), the same on every attempt, so that a letter sent
   * again after a crash is recognisably the same letter (decision 024). Default: a fresh one.
   */
  messageId?: string;
}

export interface SentMail {
  messageId: string;
  /** Outbox mode: absolute path of the `.json` sidecar. */
  file?: string;
}

export interface Mailer {
  /** "smtp" when SMTP_URL is set, else "outbox". */
  readonly mode: "smtp" | "outbox";
  /** Sends one message. Rejects when the SMTP server fails or refuses it. */
  send(message: MailMessage): Promise<SentMail>;
  /** Closes the SMTP connections (nothing to do in outbox mode). */
  close(): void;
}

/** A message read back from the outbox (the `.json` sidecar plus where it lies). */
export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  link: string | null;
  /** ISO time of sending. */
  sentAt: string;
  /** The Message-ID (sidecars of older versions have none). */
  messageId?: string;
  /** Absolute path of the `.json` sidecar. */
  file: string;
  /** Absolute path of the `.eml` file (the full MIME message). */
  eml: string;
}

/** The text of one message, ready for `mailer.send({ to, ...content })`. */
export interface EmailContent {
  subject: string;
  text: string;
  html: string;
  link: string;
}

export interface LinkEmailInput {
  /** The recipient's name; empty → a greeting without a name. */
  name?: string | null;
  /** Absolute link (built by better-auth from BASE_URL). */
  url: string;
  /** Lifetime of the link in seconds, when known: adds "Ссылка действует 1 час." */
  expiresIn?: number;
  /** The letter's language (the recipient's); Russian by default. */
  locale?: Locale;
}

const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

type MailEnv = Pick<Env, "SMTP_URL" | "MAIL_FROM" | "dataDir">;

export function createMailer(env: MailEnv): Mailer {
  const headers = { "Auto-Submitted": "auto-generated" };
  if (env.SMTP_URL) {
    const transport = nodemailer.createTransport({ url: env.SMTP_URL, ...SMTP_TIMEOUTS });
    return {
      mode: "smtp",
      async send(message) {
        const info = await transport.sendMail({
          from: env.MAIL_FROM,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers: { ...headers, ...message.headers },
          ...(message.messageId ? { messageId: message.messageId } : {}),
        });
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }

  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const dir = outboxDir(env.dataDir);
  return {
    mode: "outbox",
    async send(message) {
      const sentAt = nextStamp();
      const base = `${sentAt.toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}`;
      // The log line first: even if the disk write below fails, the link is not lost.
      console.log(
        `[mail] Письмо для ${message.to} («${message.subject}»)${message.link ? `: ${message.link}` : ""}`,
      );
      const info = await composer.sendMail({
        from: env.MAIL_FROM,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        date: sentAt,
        headers: { ...headers, ...message.headers },
        ...(message.messageId ? { messageId: message.messageId } : {}),
      });
      const sidecar = {
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        link: message.link ?? null,
        sentAt: sentAt.toISOString(),
        messageId: info.messageId,
        ...(message.headers ? { headers: message.headers } : {}),
      };
      // Letters carry sign-in and reset links: the owner alone reads the folder and its files.
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await chmod(dir, 0o700);
      await writeFile(path.join(dir, `${base}.eml`), info.message, { mode: 0o600 });
      // The sidecar appears whole or not at all (readers list *.json).
      const file = path.join(dir, `${base}.json`);
      await writeFile(path.join(dir, `${base}.tmp`), `${JSON.stringify(sidecar, null, 2)}\n`, {
        mode: 0o600,
      });
      await rename(path.join(dir, `${base}.tmp`), file);
      return { messageId: info.messageId, file };
    },
    close() {},
  };
}

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, "outbox");
}

let lastStamp = 0;
/** Now, but strictly later than the previous message of this process, so names sort in order. */
function nextStamp(): Date {
  const now = Date.now();
  lastStamp = now > lastStamp ? now : lastStamp + 1;
  return new Date(lastStamp);
}

/** Every message in DATA_DIR/outbox, oldest first. */
export async function readOutbox(dataDir: string): Promise<OutboxMessage[]> {
  const dir = outboxDir(dataDir);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
  const messages: OutboxMessage[] = [];
  for (const name of names.filter((n) => n.endsWith(".json")).sort()) {
    const file = path.join(dir, name);
    let raw: string;
    try {
      raw = await readFile(file, "utf8");
    } catch (error) {
      if (isNotFound(error)) continue; // removed while we read
      throw error;
    }
    const data = JSON.parse(raw) as Omit<OutboxMessage, "file" | "eml">;
    messages.push({ ...data, file, eml: file.replace(/\.json$/, ".eml") });
  }
  return messages;
}

/** The newest outbox message to `email` (case-insensitive), if any. */
export async function latestMessageTo(
  dataDir: string,
  email: string,
): Promise<OutboxMessage | undefined> {
  const wanted = email.trim().toLowerCase();
  const messages = await readOutbox(dataDir);
  return messages.findLast((message) => addressOf(message.to) === wanted);
}

function addressOf(to: string): string {
  const angle = /<([^>]+)>/.exec(to);
  return (angle?.[1] ?? to).trim().toLowerCase();
}

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === "ENOENT";
}

// ---------------------------------------------------------------------------------------------
// Message builders

/** The settings the message builders read. */
export type MailSiteEnv = Pick<Env, "SITE_NAME">;

/** One of the account's letters with a link, in the reader's language. */
function accountLinkEmail(
  env: MailSiteEnv,
  input: LinkEmailInput,
  letter: "verify" | "reset",
): EmailContent {
  const t = mailMessages[input.locale ?? DEFAULT_LOCALE];
  return linkEmail(env.SITE_NAME, input, {
    subject: t[`${letter}Subject`](env.SITE_NAME),
    intro: t[`${letter}Text`](env.SITE_NAME),
    button: t[`${letter}Button`],
  });
}

/** "Подтвердите email": the link from better-auth's sendVerificationEmail. */
export function verificationEmail(env: MailSiteEnv, input: LinkEmailInput): EmailContent {
  return accountLinkEmail(env, input, "verify");
}

/** "Сброс пароля": the link from better-auth's sendResetPassword. */
export function passwordResetEmail(env: MailSiteEnv, input: LinkEmailInput): EmailContent {
  return accountLinkEmail(env, input, "reset");
}

interface LinkEmailParts {
  subject: string;
  intro: string;
  button: string;
}

/** The greeting (with the recipient's name when known) and the signature of a letter. */
function salutations(locale: Locale, name: string | null | undefined, siteName: string) {
  const t = mailMessages[locale];
  const trimmed = name?.trim();
  return {
    greeting: trimmed ? t.greeting(trimmed) : t.greetingAnonymous,
    signature: t.signature(siteName),
  };
}

function linkEmail(siteName: string, input: LinkEmailInput, parts: LinkEmailParts): EmailContent {
  const locale = input.locale ?? DEFAULT_LOCALE;
  const t = mailMessages[locale];
  const url = checkedUrl(input.url);
  const { greeting, signature } = salutations(locale, input.name, siteName);
  const expires =
    input.expiresIn && input.expiresIn > 0
      ? t.linkExpires(Math.max(1, Math.round(input.expiresIn / 60)))
      : undefined;

  const text = [
    greeting,
    "",
    parts.intro,
    url,
    "",
    ...(expires ? [expires] : []),
    t.ignore,
    "",
    "—",
    signature,
    "",
  ].join("\n");

  const muted = { color: COLORS.muted, size: 14 };
  const html = letterHtml(locale, parts.subject, siteName, [
    paragraphHtml(escapeHtml(greeting)),
    paragraphHtml(escapeHtml(parts.intro)),
    buttonHtml(url, parts.button),
    paragraphHtml(escapeHtml(t.linkFallback), muted),
    paragraphHtml(
      `<a href="${escapeHtml(url)}" style="color:${COLORS.brand};word-break:break-all;">${escapeHtml(url)}</a>`,
      muted,
    ),
    expires ? paragraphHtml(escapeHtml(expires), muted) : "",
    paragraphHtml(escapeHtml(t.ignore), muted),
    `<p style="margin:24px 0 0;font-size:14px;line-height:1.5;color:${COLORS.muted};">${escapeHtml(signature)}</p>`,
  ]);
  return { subject: parts.subject, text, html, link: url };
}

const COLORS = {
  text: "#1f2933",
  muted: "#52606d",
  brand: "#045f5b",
  background: "#f4f6f8",
  card: "#ffffff",
  border: "#e4e7eb",
};
const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** A letter's HTML: a card with the site's name on top and `body` (lines of HTML) below it. */
function letterHtml(locale: Locale, subject: string, siteName: string, body: string[]): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:${COLORS.background};font-family:${FONT};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLORS.background};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:${COLORS.card};border:1px solid ${COLORS.border};border-radius:12px;">
<tr><td style="padding:32px 28px;font-family:${FONT};">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:${COLORS.brand};">${escapeHtml(siteName)}</p>
${body.join("\n")}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** A paragraph of HTML `content`; `lines` keeps the line breaks of its text. */
function paragraphHtml(
  content: string,
  { color = COLORS.text, size = 16, lines = false } = {},
): string {
  const breaks = lines ? "white-space:pre-line;" : "";
  return `<p style="margin:0 0 16px;font-size:${size}px;line-height:1.5;color:${color};${breaks}">${content}</p>`;
}

/** The letter's button: a link to `url`. */
function buttonHtml(url: string, label: string): string {
  return `<p style="margin:24px 0;"><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 24px;background:${COLORS.brand};color:#ffffff;font-size:16px;font-weight:600;text-decoration:none;border-radius:8px;">${escapeHtml(label)}</a></p>`;
}

/** A letter about something that happened: paragraphs, one button, and a footer with links. */
export interface NoticeLetter {
  siteName: string;
  locale: Locale;
  subject: string;
  name?: string | null;
  /** Paragraphs of plain text, in order. */
  paragraphs: string[];
  button: { label: string; url: string };
  /** Why the letter came, and the links to change that. */
  footer: { text: string; links: { label: string; url: string }[] };
}

/** Builds a notice letter (text and HTML); every link must be absolute http(s). */
export function noticeEmail(letter: NoticeLetter): EmailContent {
  const url = checkedUrl(letter.button.url);
  const links = letter.footer.links.map((link) => ({ ...link, url: checkedUrl(link.url) }));
  const { greeting, signature } = salutations(letter.locale, letter.name, letter.siteName);
  const text = [
    greeting,
    "",
    ...letter.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    `${letter.button.label}: ${url}`,
    "",
    "—",
    signature,
    "",
    letter.footer.text,
    ...links.map((link) => `${link.label}: ${link.url}`),
    "",
  ].join("\n");
  const html = letterHtml(letter.locale, letter.subject, letter.siteName, [
    paragraphHtml(escapeHtml(greeting), { lines: true }),
    letter.paragraphs
      .map((paragraph) => paragraphHtml(escapeHtml(paragraph), { lines: true }))
      .join("\n"),
    buttonHtml(url, letter.button.label),
    `<p style="margin:24px 0 16px;font-size:14px;line-height:1.5;color:${COLORS.muted};">${escapeHtml(signature)}</p>`,
    paragraphHtml(escapeHtml(letter.footer.text), { color: COLORS.muted, size: 12, lines: true }),
    `<p style="margin:0;font-size:12px;line-height:1.5;">${links.map((link) => `<a href="${escapeHtml(link.url)}" style="color:${COLORS.brand};">${escapeHtml(link.label)}</a>`).join(" · ")}</p>`,
  ]);
  return { subject: letter.subject, text, html, link: url };
}

/** Only absolute http(s) links go into a message. */
function checkedUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new Error(`mail: ожидается ссылка http(s), получено ${parsed.protocol}`);
  }
  return url;
}
