import { BadgeCheck, Clock, MailPlus, Users } from "lucide-react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { capabilities, invitations } from "~/domain/catalogue";
import { formatNumber } from "~/domain/format";
import { MAX_INVITATIONS_PER_TENDER } from "~/domain/limits";
import { ownText } from "~/domain/locale";
import { formatLocation } from "~/domain/reference";
import type {
  FactoryMatch,
  InvitationPanel,
  InvitationView,
} from "~/features/invitations/invitations.server";
import type { ActionReply } from "~/http/reply.server";
import { cn } from "~/lib/cn";
import { useLocale, useLocalizedHref, useMessages } from "~/lib/i18n";
import type { InvitationState } from "~db/schema";
import { firstError } from "./invitation-refusal";

const STATE_TONES: Record<InvitationState, string> = {
  sent: "bg-slate-100 text-slate-700",
  seen: "bg-sky-50 text-sky-800",
  quoted: "bg-emerald-50 text-emerald-800",
  declined: "bg-red-50 text-red-800",
};

/**
 * The buyer's tender page: its invitations with their states, and the factories that fit with
 * 'Пригласить' (a form that posts to /my-tenders/{id}/invitations, with or without JavaScript).
 */
export function InvitationsSection({ panel }: { panel: InvitationPanel }) {
  const t = useMessages({ invitations }).invitations;
  const full = panel.invitations.length >= MAX_INVITATIONS_PER_TENDER;
  return (
    <>
      <section
        id="invitations"
        aria-labelledby="invitations-heading"
        className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="invitations-heading" className="font-bold text-lg text-slate-900">
            {t.list.heading}
          </h2>
          <span className="text-slate-500 text-sm">{t.list.count(panel.invitations.length)}</span>
        </div>
        {panel.invitations.length === 0 ? (
          <p className="mt-2 text-slate-600 text-sm">{t.list.empty}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100">
            {panel.invitations.map((item) => (
              <InvitationRow key={item.factoryId} item={item} />
            ))}
          </ul>
        )}
      </section>
      <section
        id="matches"
        aria-labelledby="matches-heading"
        className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
      >
        <h2 id="matches-heading" className="font-bold text-lg text-slate-900">
          {t.matches.heading}
        </h2>
        {panel.active ? (
          <>
            <p className="mt-1 text-slate-600 text-sm">{t.matches.intro}</p>
            {panel.matches.length === 0 ? (
              <p className="mt-3 text-slate-600 text-sm">{t.matches.empty}</p>
            ) : (
              <ul className="mt-4 grid gap-3 md:grid-cols-2">
                {panel.matches.map((match) => (
                  <MatchCard key={match.id} match={match} tenderId={panel.tenderId} full={full} />
                ))}
              </ul>
            )}
          </>
        ) : (
          <p className="mt-2 text-slate-600 text-sm">{t.matches.closed}</p>
        )}
      </section>
    </>
  );
}

function InvitationRow({ item }: { item: InvitationView }) {
  const t = useMessages({ invitations, capabilities });
  const locale = useLocale();
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2.5">
      <div className="min-w-0">
        <Link
          to={`/factories/${item.factoryId}`}
          className="font-semibold text-slate-900 hover:underline"
          data-user-content
        >
          {ownText(item.name, item.nameEn, locale)}
        </Link>
        {item.state === "declined" && item.declineReason && (
          <p className="text-slate-600 text-sm">
            {t.invitations.list.reason(t.capabilities.declineReasons[item.declineReason])}
            {item.declineNote && (
              <>
                {" — "}
                <span data-user-content>{item.declineNote}</span>
              </>
            )}
          </p>
        )}
      </div>
      <span
        className={cn("rounded-full px-2.5 py-0.5 font-semibold text-xs", STATE_TONES[item.state])}
        data-testid="invitation-state"
      >
        {t.capabilities.invitationStates[item.state]}
      </span>
    </li>
  );
}

function MatchCard({
  match,
  tenderId,
  full,
}: {
  match: FactoryMatch;
  tenderId: string;
  full: boolean;
}) {
  const t = useMessages({ invitations }).invitations.matches;
  const locale = useLocale();
  const href = useLocalizedHref();
  const fetcher = useFetcher<ActionReply>();
  const refused = firstError(fetcher.data);
  const name = ownText(match.name, match.nameEn, locale);
  const location = formatLocation(match.country, match.city, locale);
  const busy = fetcher.state !== "idle";
  return (
    <li className="flex flex-col justify-between gap-3 rounded-xl border border-slate-200 p-4">
      <div className="space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={`/factories/${match.id}`}
            className="font-semibold text-slate-900 hover:underline"
            data-user-content
          >
            {name}
          </Link>
          {match.verified && (
            <span className="inline-flex items-center gap-1 text-emerald-700 text-xs">
              <BadgeCheck className="size-4" aria-hidden="true" />
              {t.verified}
            </span>
          )}
        </div>
        {location && <p className="text-slate-500 text-sm">{location}</p>}
        <ul className="space-y-0.5 text-slate-700 text-sm">
          {match.minOrder != null && <li>{t.minOrder(formatNumber(match.minOrder, locale))}</li>}
          {match.monthlyCapacity != null && (
            <li>{t.capacity(formatNumber(match.monthlyCapacity, locale))}</li>
          )}
          {match.answerHours != null && (
            <li className="inline-flex items-center gap-1">
              <Clock className="size-3.5 text-slate-400" aria-hidden="true" />
              {t.answerHours(match.answerHours)}
            </li>
          )}
          {match.answers > 0 && (
            <li className="inline-flex items-center gap-1">
              <Users className="size-3.5 text-slate-400" aria-hidden="true" />
              {t.answers(match.answers)}
            </li>
          )}
        </ul>
      </div>
      {match.invited ? (
        <p className="font-semibold text-emerald-700 text-sm">{t.invited}</p>
      ) : (
        <fetcher.Form method="post" action={href(`/my-tenders/${tenderId}/invitations`)}>
          <input type="hidden" name="factoryId" value={match.id} />
          <Button
            type="submit"
            size="sm"
            variant="secondary"
            disabled={busy || full}
            aria-label={`${t.invite}: ${name}`}
          >
            <MailPlus aria-hidden="true" />
            {t.invite}
          </Button>
          {refused && fetcher.state === "idle" && (
            <p role="alert" className="mt-2 text-red-700 text-sm">
              {refused}
            </p>
          )}
        </fetcher.Form>
      )}
    </li>
  );
}
