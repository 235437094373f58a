/**
 * A real SMTP server on 127.0.0.1 for tests of letters (smtp-server): it keeps every message it
 * accepted, parsed, and answers each recipient as the test says (accept, or refuse with a code).
 * `delayMs` makes it accept slowly (the DATA answer waits), so a batch of letters is in flight
 * for a while.
 */
import type { AddressInfo } from "node:net";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";

export interface ReceivedLetter {
  /** The envelope's recipient. */
  to: string;
  messageId: string;
  subject: string;
  text: string;
}

/** How the server answers RCPT TO for an address: accept, or refuse with an SMTP code. */
export type SmtpAnswer = "accept" | { code: number; message: string };

export interface SmtpSink {
  url: string;
  received: ReceivedLetter[];
  /** The answer to each recipient (default: accept). */
  answer: (address: string) => SmtpAnswer;
  /** How long the server waits before accepting a message (milliseconds). */
  delayMs: number;
  /** Letters received for `address` (case-insensitive). */
  to(address: string): ReceivedLetter[];
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const sink = {
    received: [] as ReceivedLetter[],
    answer: (_address: string): SmtpAnswer => "accept",
    delayMs: 0,
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const answer = sink.answer(address.address);
      if (answer === "accept") return callback();
      callback(Object.assign(new Error(answer.message), { responseCode: answer.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        PostalMime.parse(raw).then(
          (mail) => {
            const accept = () => {
              for (const rcpt of session.envelope.rcptTo) {
                sink.received.push({
                  to: rcpt.address.toLowerCase(),
                  messageId: mail.messageId ?? "",
                  subject: mail.subject ?? "",
                  text: mail.text ?? "",
                });
              }
              callback();
            };
            if (sink.delayMs > 0) setTimeout(accept, sink.delayMs);
            else accept();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return Object.assign(sink, {
    url: `smtp://127.0.0.1:${port}`,
    to: (address: string) => sink.received.filter((letter) => letter.to === address.toLowerCase()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** Waits until `check` is true, polling, for `timeoutMs` at most; throws with `what` otherwise. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
