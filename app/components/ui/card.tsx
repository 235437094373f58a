import { Images } from "lucide-react";
import type { ReactNode } from "react";
import { truncate } from "~/domain/format";
import { cn } from "~/lib/cn";
import { Link } from "./link";

// The parts the product and tender cards share (`import * as Card`): what their callers choose,
// the picture count over the first picture, the title (a link stretched over the whole card), the
// start of the text, and the footer of actions.

/** What a card's caller chooses. */
export interface Options {
  /** Where the card leads: its title's link, stretched over the whole card. */
  href?: string;
  linkState?: unknown;
  /** A footer of actions (on the owner's page). */
  actions?: ReactNode;
  /** Its picture loads at once (the first cards of a page). */
  eager?: boolean;
  headingLevel?: 2 | 3;
}

/** '+N photos' over a card's first picture; nothing for one picture or none. */
export function PictureCount({
  count,
  label,
}: {
  count: number;
  label: (count: number) => string;
}) {
  if (count <= 1) return null;
  return (
    <span className="absolute right-2 bottom-2 inline-flex items-center gap-1 rounded-full bg-slate-950/65 px-2 py-0.5 font-semibold text-white text-xs">
      <Images className="size-3.5" aria-hidden="true" />
      {label(count)}
    </span>
  );
}

/** A card's title; with the card's `href`, a link whose area is the whole card (it is `relative`). */
export function Title({
  card: { href, linkState },
  level,
  className,
  children,
}: {
  card: Pick<Options, "href" | "linkState">;
  level: 2 | 3;
  /** Its top margin. */
  className: string;
  children: string;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <Heading
      className={cn(className, "line-clamp-2 font-bold text-base text-slate-900 leading-snug")}
      data-user-content
    >
      {href ? (
        <Link
          to={href}
          state={linkState}
          preventScrollReset
          className="outline-none after:absolute after:inset-0 after:content-['']"
        >
          {children}
        </Link>
      ) : (
        children
      )}
    </Heading>
  );
}

/** The start of a card's text (at most `max` characters, two lines); nothing without a text. */
export function Excerpt({ text, max }: { text: string | null; max: number }) {
  if (!text) return null;
  return (
    <p className="mt-1.5 line-clamp-2 text-slate-600 text-sm leading-6" data-user-content>
      {truncate(text, max)}
    </p>
  );
}

/** A card's footer of actions, above its stretched link; nothing without actions. */
export function Actions({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <div className="relative z-10 flex flex-wrap gap-2 border-slate-100 border-t px-4 py-3">
      {children}
    </div>
  );
}
