import { redirect } from "react-router";
import { invitations, messagesFor } from "~/domain/catalogue";
import { localizedHref } from "~/domain/locale";
import {
  firstError,
  InvitationRefusal,
} from "~/features/invitations/components/invitation-refusal";
import { declineInvitation } from "~/features/invitations/invitations.server";
import { type ActionReply, problemReply, refusedBody, reply } from "~/http/reply.server";
import { requestOf } from "~/http/request-context.server";
import { redirectWithToast } from "~/http/toast.server";
import { signedInContext } from "~/http/workspace-access.server";
import { useMessages } from "~/lib/i18n";
import { routeFacts } from "~/lib/route-facts";
import { readForm } from "~/platform/request-body.server";
import type { Route } from "./+types/tender-invitation";

export const handle = routeFacts({ private: true });

// POST /tenders/{id}/invitation: the invited factory declines its invitation with a reason
// (capacity full, not our product, other with a note). Back to the tender with a toast; a refusal
// is said in a toast (with JavaScript, through a fetcher) or on this page with the way back.

/** Nothing to show by GET: the tender's page has the form. */
export function loader({ params, context }: Route.LoaderArgs) {
  return redirect(localizedHref(`/tenders/${params.id}`, requestOf(context).locale));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { locale } = requestOf(context);
  const t = messagesFor(locale, { invitations }).invitations;
  const texts = t.problems;
  const signedIn = await signedInContext(context);
  if (!signedIn.ok) return problemReply(signedIn, { locale, texts });
  const read = await readForm(request);
  if (!read.ok) return refusedBody(read);
  return reply(await declineInvitation(signedIn.value, { tenderId: params.id, form: read.form }), {
    locale,
    texts,
    form: read.form,
    done: () =>
      redirectWithToast(localizedHref(`/tenders/${params.id}`, locale), {
        type: "success",
        description: t.decline.done,
      }),
  });
}

export default function TenderInvitation({ actionData, params }: Route.ComponentProps) {
  const reply = actionData as ActionReply | undefined;
  const t = useMessages({ invitations }).invitations;
  return (
    <InvitationRefusal
      message={firstError(reply)}
      back={{ to: `/tenders/${params.id}`, label: t.backToTender }}
    />
  );
}
