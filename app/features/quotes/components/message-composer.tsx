import type { SubmissionResult } from "@conform-to/react";
import { SendHorizontal } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { AttachmentInput } from "~/components/attachment-input";
import { Button } from "~/components/ui/button";
import { FieldError, FormAlert, inputClass, Label } from "~/components/ui/field";
import { attachments, conversations } from "~/domain/catalogue";
import { MAX_ATTACHMENTS } from "~/domain/limits";
import { MAX_CHAT_MESSAGE } from "~/features/quotes/schema";
import { cn } from "~/lib/cn";
import { useHtmlFirst } from "~/lib/html-first";
import { useMessages } from "~/lib/i18n";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * What the conversation's action answers when it does not redirect (its ActionReply,
 * app/http/reply.server.ts): the form's errors (the whole form's, the text's, the files') with
 * the text as it was sent, or the new message's id (a send through the fetcher).
 */
export interface SendReply {
  result?: SubmissionResult<string[]>;
  created?: string;
}

/**
 * The message form: text and files. Without JavaScript a plain multipart post that comes back
 * to the page at `#latest`; with it, sent through a fetcher: the text is cleared, the files are
 * taken off and the cursor stays in the text box.
 */
export function MessageComposer({
  actionReply,
  id,
}: {
  /** The action's answer to a plain post (no JavaScript). */
  actionReply?: SendReply;
  /** The anchor of an empty conversation. */
  id?: string;
}) {
  const m = useMessages({ conversations, attachments });
  const t = m.conversations;
  const hydrated = useHydrated();
  // Ctrl+Enter works in the app and on the light page (its constant script), not without scripts.
  const lightPage = useHtmlFirst();
  const shortcut = hydrated || lightPage;
  const fetcher = useFetcher<SendReply>();
  const text = useRef<HTMLTextAreaElement>(null);
  const form = useRef<HTMLFormElement>(null);
  // A new key after each sent message gives a fresh, empty file input.
  const [round, setRound] = useState(0);
  const reply = fetcher.data ?? actionReply;
  const sending = fetcher.state !== "idle";

  const sentId = fetcher.state === "idle" ? fetcher.data?.created : undefined;
  useEffect(() => {
    if (!sentId) return;
    if (text.current) text.current.value = "";
    setRound((n) => n + 1);
    text.current?.focus();
  }, [sentId]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      form.current?.requestSubmit();
    }
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (sending) event.preventDefault();
  };

  const errors = reply?.result?.status === "error" ? reply.result.error : undefined;
  const bodyErrors = errors?.body ?? undefined;
  // The text comes back to a page without JavaScript.
  const sentText = actionReply?.result?.initialValue?.body;
  return (
    <fetcher.Form
      ref={form}
      id={id}
      method="post"
      encType="multipart/form-data"
      onSubmit={onSubmit}
      className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-4 shadow-xs sm:p-5"
      data-testid="message-form"
      // On the light page (decision 036) the constant scripts keep the cursor in the text box
      // after a send and send on Ctrl+Enter.
      data-refocus="message-body"
    >
      <input type="hidden" name="intent" value="send" />
      {hydrated && <input type="hidden" name="via" value="fetcher" />}
      <FormAlert message={errors?.[""]?.[0]} />
      <Label htmlFor="message-body">{t.messageLabel}</Label>
      <textarea
        ref={text}
        id="message-body"
        name="body"
        rows={3}
        maxLength={MAX_CHAT_MESSAGE}
        placeholder={t.placeholder}
        defaultValue={typeof sentText === "string" ? sentText : ""}
        onKeyDown={onKeyDown}
        data-submit-shortcut=""
        aria-invalid={bodyErrors?.length ? true : undefined}
        aria-describedby={
          [bodyErrors?.length ? "message-body-error" : null, shortcut ? "message-body-hint" : null]
            .filter(Boolean)
            .join(" ") || undefined
        }
        className={cn(inputClass, "mt-1.5 min-h-24 resize-y")}
      />
      <FieldError id="message-body-error" errors={bodyErrors} />
      {shortcut && (
        <p id="message-body-hint" className="mt-1 hidden text-slate-500 text-xs sm:block">
          {t.sendShortcut}
        </p>
      )}
      <div className="mt-3 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <AttachmentInput
          key={round}
          name="attachments"
          label={t.attachLabel}
          hint={m.attachments.hint(MAX_ATTACHMENTS)}
          max={MAX_ATTACHMENTS}
          errors={errors?.attachments ?? undefined}
          removeLabel={t.removeFile}
          chosenLabel={t.chosenFiles}
        />
        <Button
          type="submit"
          className="w-full sm:mb-6 sm:w-auto"
          disabled={sending}
          aria-disabled={sending || undefined}
        >
          <SendHorizontal aria-hidden="true" />
          {sending ? t.sending : t.send}
        </Button>
      </div>
    </fetcher.Form>
  );
}
