import type { Mailer, MailMessage } from "~/platform/mail.server";

/** A mailer that keeps what it is given in `sent` (tests of the mail worker read it). */
export function recordingMailer(): { mailer: Mailer; sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    mode: "outbox",
    async send(message) {
      sent.push(message);
      return { messageId: String(sent.length) };
    },
    close() {},
  };
  return { mailer, sent };
}
