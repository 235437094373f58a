import { FormAlert } from "~/components/ui/field";
import { Link } from "~/components/ui/link";
import type { ActionReply } from "~/http/reply.server";

/** The first thing a refused invitation post says: the form's message or a field's. */
export function firstError(reply: ActionReply | undefined): string | undefined {
  const errors = reply?.result?.error;
  if (!errors) return reply?.toast?.description;
  return (errors[""] ?? Object.values(errors).flat())?.filter(Boolean)[0] ?? undefined;
}

/**
 * What an invitation post shows without JavaScript when it is refused: the reason and the way back
 * (with JavaScript the form posts through a fetcher and the reason shows beside the form).
 */
export function InvitationRefusal({
  message,
  back,
}: {
  message: string | undefined;
  back: { to: string; label: string };
}) {
  return (
    <div className="mx-auto w-full max-w-2xl flex-1 space-y-4 px-4 py-10 sm:px-6">
      <FormAlert message={message} />
      <Link to={back.to} className="font-semibold text-brand-700 hover:underline">
        {back.label}
      </Link>
    </div>
  );
}
