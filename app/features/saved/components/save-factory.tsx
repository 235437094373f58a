import { Bookmark, BookmarkCheck } from "lucide-react";
import { useLocation, useRouteLoaderData } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { saved as savedMessages } from "~/domain/catalogue";
import { cn } from "~/lib/cn";
import { useLocalizedHref, useMessages } from "~/lib/i18n";

/** Whether the signed-in person is a buyer (who keeps saved factories and searches). */
export function useViewerIsBuyer(): boolean {
  // The root loader's user (app/root.tsx), read by its shape: a feature does not import the root.
  const root = useRouteLoaderData("root") as
    | { user?: { isAdmin: boolean; userType: string | null } | null }
    | undefined;
  const user = root?.user;
  return Boolean(user && !user.isAdmin && user.userType === "buyer");
}

/** Where a form posted from this page comes back to: the page's own path and query. */
function useBack(): string {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}

/**
 * 'Сохранить' for a buyer: a plain form to /saved-factories that works without JavaScript and
 * comes back here. With `saved` known (the factory's page) it takes the factory off again.
 * Nobody else sees it, so a visitor's page stays what every visitor gets.
 */
export function SaveFactoryButton({
  buyer,
  factoryId,
  name,
  saved,
  size = "lg",
  className,
}: {
  /** The signed-in person is a buyer: nobody else sees the button. */
  buyer: boolean;
  factoryId: string;
  name: string;
  saved?: boolean;
  size?: "sm" | "lg";
  className?: string;
}) {
  const m = useMessages({ saved: savedMessages }).saved.buttons;
  const href = useLocalizedHref();
  const back = useBack();
  if (!buyer) return null;
  return (
    <form method="post" action={href("/saved-factories")} className={className}>
      <input type="hidden" name="intent" value={saved ? "unsave" : "save"} />
      <input type="hidden" name="factoryId" value={factoryId} />
      <input type="hidden" name="back" value={back} />
      <button
        type="submit"
        aria-label={saved ? m.unsave : m.saveFactory(name)}
        className={cn(buttonVariants({ variant: "secondary", size }), "w-full sm:w-auto")}
      >
        {saved ? <BookmarkCheck aria-hidden="true" /> : <Bookmark aria-hidden="true" />}
        {saved ? m.saved : m.save}
      </button>
    </form>
  );
}

/** 'Сохранить поиск' on the directory for a buyer: the current query, kept by /saved-factories. */
export function SaveSearchButton({ buyer, query }: { buyer: boolean; query: string }) {
  const m = useMessages({ saved: savedMessages }).saved.buttons;
  const href = useLocalizedHref();
  const back = useBack();
  if (!buyer) return null;
  return (
    <form method="post" action={href("/saved-factories")}>
      <input type="hidden" name="intent" value="save-search" />
      <input type="hidden" name="query" value={query} />
      <input type="hidden" name="back" value={back} />
      <button type="submit" className={buttonVariants({ variant: "secondary", size: "sm" })}>
        <Bookmark aria-hidden="true" />
        {m.saveSearch}
      </button>
    </form>
  );
}
