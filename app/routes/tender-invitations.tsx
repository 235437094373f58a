import { redirect } from "react-router";
import { invitations, messagesFor } from "~/domain/catalogue";
import { localizedHref } from "~/domain/locale";
import {
  firstError,
  InvitationRefusal,
} from "~/features/invitations/components/invitation-refusal";
import { inviteFactory } from "~/features/invitations/invitations.server";
import { type ActionReply, problemReply, refusedBody, reply } from "~/http/reply.server";
import { requestOf } from "~/http/request-context.server";
import { redirectWithToast } from "~/http/toast.server";
import { signedInContext } from "~/http/workspace-access.server";
import { useMessages } from "~/lib/i18n";
import { routeFacts } from "~/lib/route-facts";
import { readForm } from "~/platform/request-body.server";
import type { Route } from "./+types/tender-invitations";

export const handle = routeFacts({ private: true });

// POST /my-tenders/{id}/invitations: the buyer invites one factory (the form's factoryId) to one
// of their tenders ('Пригласить' on /my-tenders/{id}). Back to the tender with a toast; a refusal
// is said in a toast (with JavaScript, through a fetcher) or on this page with the way back.

/** Nothing to show by GET: the tender's page lists the invitations. */
export function loader({ params, context }: Route.LoaderArgs) {
  return redirect(localizedHref(`/my-tenders/${params.id}`, requestOf(context).locale));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { locale } = requestOf(context);
  const t = messagesFor(locale, { invitations }).invitations;
  const texts = t.problems;
  const signedIn = await signedInContext(context);
  if (!signedIn.ok) return problemReply(signedIn, { locale, texts });
  const read = await readForm(request);
  if (!read.ok) return refusedBody(read);
  return reply(await inviteFactory(signedIn.value, { tenderId: params.id, form: read.form }), {
    locale,
    texts,
    form: read.form,
    done: () =>
      redirectWithToast(localizedHref(`/my-tenders/${params.id}#invitations`, locale), {
        type: "success",
        description: t.invited,
      }),
  });
}

export default function TenderInvitations({ actionData, params }: Route.ComponentProps) {
  const reply = actionData as ActionReply | undefined;
  const t = useMessages({ invitations }).invitations;
  return (
    <InvitationRefusal
      message={firstError(reply)}
      back={{ to: `/my-tenders/${params.id}`, label: t.backToTender }}
    />
  );
}
