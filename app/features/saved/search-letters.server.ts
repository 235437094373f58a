/**
 * The weekly letter of a saved directory search: the factories that joined the directory since the
 * last letter (or since the search was saved) and match it. A job of the mail worker's round
 * (app/features/notifications/mail-worker.server.ts, `more`), leased like the daily digests: a
 * search is claimed with `lease_until` (FOR UPDATE SKIP LOCKED), and `notified_until` moves only
 * once the SMTP server accepted the letter, so a crash sends it again (at least once), with the
 * same Message-ID. A week without news moves the window on without a letter.
 */
import { and, eq, sql } from "drizzle-orm";
import { saved as savedMessages } from "~/domain/catalogue";
import { ownText } from "~/domain/locale";
import { countryLabel, formatLocation } from "~/domain/reference";
import { newDirectoryMatches } from "~/features/factories/factories.server";
import {
  absolute,
  clockFrom,
  letterMessageId,
  type MailWorkDeps,
  messageOf,
  recipientOf,
  refusedForGood,
  sendNotice,
} from "~/features/notifications/mail-worker.server";
import { schema } from "~/platform/db.server";
import { normalisedSearch } from "./saved.server";

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** A letter that failed is tried again after this long. */
const RETRY_MS = 60 * 60 * 1000;
/** Searches claimed at once. */
const BATCH = 50;
/** Factories named in one letter (the button opens the whole search). */
export const SEARCH_LETTER_LISTED = 20;
const DEFAULT_LEASE_MS = 5 * 60 * 1000;

const { savedSearches } = schema;

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** Sends the weekly letters that are due; answers how many were sent. */
export async function sendSavedSearchLetters(
  deps: MailWorkDeps,
  now: Date = new Date(),
): Promise<number> {
  const clock = clockFrom(now);
  const leaseMs = deps.leaseMs ?? DEFAULT_LEASE_MS;
  let sent = 0;
  while (!deps.signal?.aborted) {
    const claimedAt = clock();
    const due = new Date(claimedAt.getTime() - WEEK_MS);
    // The lease's end is the claim's token: only the claim that set it may settle the row.
    const lease = new Date(claimedAt.getTime() + leaseMs + Math.floor(Math.random() * 1000));
    const claimed = rowsOf<{ id: string; user_id: string; query: string; since: Date | string }>(
      await deps.db.execute(sql`
        with due as (
          select s.id from ${savedSearches} s
           where s.letters and s.notified_until <= ${due}
             and (s.lease_until is null or s.lease_until < ${claimedAt})
           order by s.notified_until, s.id
           limit ${BATCH}
           for update skip locked
        )
        update ${savedSearches} set lease_until = ${lease}
          from due where ${savedSearches}.id = due.id
        returning ${savedSearches}.id, ${savedSearches}.user_id, ${savedSearches}.query,
                  ${savedSearches}.notified_until as since`),
    );
    if (claimed.length === 0) break;
    try {
      for (const row of claimed) {
        if (deps.signal?.aborted) break;
        if (await sendOne(deps, { ...row, since: new Date(row.since), lease }, clock())) sent += 1;
      }
    } finally {
      await deps.db
        .update(savedSearches)
        .set({ leaseUntil: null })
        .where(eq(savedSearches.leaseUntil, lease))
        .catch((error) => console.error("[mail] handing back saved searches failed:", error));
    }
    if (claimed.length < BATCH) break;
  }
  return sent;
}

/** One search's letter under its lease. True when it was sent. */
async function sendOne(
  deps: MailWorkDeps,
  claim: { id: string; user_id: string; query: string; since: Date; lease: Date },
  now: Date,
): Promise<boolean> {
  const mine = and(eq(savedSearches.id, claim.id), eq(savedSearches.leaseUntil, claim.lease));
  const finish = (outcome: "done" | "retry") =>
    deps.db
      .update(savedSearches)
      .set(
        outcome === "done"
          ? { notifiedUntil: now, leaseUntil: null }
          : { leaseUntil: new Date(now.getTime() + RETRY_MS) },
      )
      .where(mine);

  const { filters } = normalisedSearch(claim.query);
  const matches = await newDirectoryMatches(deps.db, filters, {
    since: claim.since,
    until: now,
    limit: SEARCH_LETTER_LISTED,
  });
  const recipient = matches.length > 0 ? await recipientOf(deps.db, claim.user_id) : null;
  if (!recipient) {
    await finish("done");
    return false;
  }
  const { locale } = recipient;
  const t = savedMessages[locale].letter;
  const what = describe(filters, locale);
  const search = claim.query ? `/factories?${claim.query}` : "/factories";
  const letter = {
    subject: t.subject(matches.length, what),
    paragraphs: [
      t.intro(what),
      ...matches.map((factory) =>
        [
          ownText(factory.name, factory.nameEn, locale),
          formatLocation(factory.country, factory.city, locale) ?? "",
          absolute(deps.env, `/factory/${factory.id}`, locale),
        ]
          .filter(Boolean)
          .join("\n"),
      ),
    ],
    button: { label: t.open, url: absolute(deps.env, search, locale) },
  };
  const messageId = letterMessageId(deps.env, "search", `${claim.id}.${claim.since.getTime()}`);
  try {
    await sendNotice(deps, recipient, "searches", letter, messageId);
  } catch (error) {
    const forGood = refusedForGood(error);
    console.error(
      `[mail] saved search letter ${claim.id} failed${forGood ? " for good" : ""}: ${messageOf(error)}`,
    );
    await finish(forGood ? "done" : "retry");
    return false;
  }
  await finish("done");
  return true;
}

/** A search in a few words for a subject line: «трикотаж», Кыргызстан. */
function describe(
  filters: ReturnType<typeof normalisedSearch>["filters"],
  locale: "ru" | "en",
): string {
  const t = savedMessages[locale].page;
  const parts = [
    filters.q ? t.query(filters.q) : "",
    filters.country ? countryLabel(filters.country, locale) : "",
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(", ") : t.wholeDirectory;
}
