import manropeCyrillic from "@fontsource-variable/manrope/files/manrope-cyrillic-wght-normal.woff2?url";
import manropeLatin from "@fontsource-variable/manrope/files/manrope-latin-wght-normal.woff2?url";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { LanguageOffer, type LanguageOfferProps } from "~/components/language-offer";
import { SiteFooter } from "~/components/site-footer";
import { type NavUser, SiteHeader } from "~/components/site-header";
import { PageMessage, Toaster, useToast } from "~/components/toasts";
import { buttonVariants } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { common, errors, messagesFor, nav, notFound } from "~/domain/catalogue";
import { displayName } from "~/domain/display-name";
import { type Locale, pathWithoutLocale } from "~/domain/locale";
import { unreadNotificationCount } from "~/features/notifications/notifications.server";
import { createRequestContext, requestContext, requestOf } from "~/http/request-context.server";
import { takeToast } from "~/http/toast.server";
import { HtmlFirstContext, useActionMessage, useHtmlFirst, usePageScripts } from "~/lib/html-first";
import { useLocale, useMessages } from "~/lib/i18n";
import { useLive } from "~/lib/use-live";
import { applyCachePolicy } from "~/platform/cache-policy.server";
import { asOutage, unavailableWhenUnreachable } from "~/platform/db.server";
import { localeToOffer } from "~/platform/locale.server";
import { withPageCache } from "~/platform/page-cache.server";
import { pageFactsAt } from "~/platform/route-table.server";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // The text's font (its Latin and Cyrillic parts, 39 KB), asked for with the page rather than
  // once the styles are read: when it arrived after the first paint, the text was laid out again
  // and long lists moved (Lighthouse's layout shift of 0.14–0.30 on /orders and /my-quotes).
  ...[manropeLatin, manropeCyrillic].map((href) => ({
    rel: "preload",
    href,
    as: "font",
    type: "font/woff2",
    crossOrigin: "anonymous" as const,
  })),
];

/** Every answer (pages, data, resource routes) says who may cache it; visitors' pages are cached. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const current = await createRequestContext(request);
    context.set(requestContext, current);
    // A visitor's HTML-first page may come from the page cache without running anything else.
    return withPageCache(request, current.runtime.pageCache, async () => {
      const response = await next();
      if (!(response instanceof Response)) return response;
      // Who may keep it, from the facts of the page's route (app/lib/route-facts.ts).
      applyCachePolicy(request, response, await pageFactsAt(new URL(request.url).pathname));
      // A loader or action that met a database outage without saying so itself: a passing
      // outage (503, Retry-After), not the error boundary's 500.
      return response.status === 500 && current.databaseAway ? asOutage(response) : response;
    });
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { runtime, user: currentUser, locale } = requestOf(context);
  const { env } = runtime;
  const [user, { toast, setCookie }] = await Promise.all([currentUser(), takeToast(request)]);
  const navUser: NavUser | null = user
    ? {
        email: user.email,
        // On English pages a factory goes by its English name when it has one.
        displayName: displayName({ email: user.email, profile: user.profile }, locale),
        isAdmin: user.isAdmin,
        userType: user.userType,
        avatarUrl: user.profile?.avatarUrl ?? null,
        // The bell's count: one query on the index of the account's unread notifications.
        unreadNotifications: await unreadNotificationCount(runtime.db, user).catch(
          unavailableWhenUnreachable,
        ),
      }
    : null;
  return data(
    {
      user: navUser,
      toast,
      site: { siteName: env.SITE_NAME, baseUrl: env.BASE_URL },
      languageOffer: languageOffer(localeToOffer(request)),
      // When a signed-in page was rendered: its live updates ask for what came after
      // (workspace-scripts.ts on a light page).
      renderedAt: navUser ? Date.now() : null,
    },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

/** The strip that offers another language, with its texts in that language. */
function languageOffer(locale: Locale | null): LanguageOfferProps | null {
  return locale ? { locale, texts: messagesFor(locale, { nav }).nav.languageOffer } : null;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const siteName = root?.site.siteName ?? "Fabricum";
  useToast(root?.toast);
  // Signed in: one live stream reloads the data on screen when something concerns the account
  // (on a light workspace page the same is done by its constant script, workspace-scripts.ts).
  useLive(Boolean(root?.user));
  const locale = useLocale();
  const m = useMessages({ nav });
  // A visitor on a public page, and a signed-in person on a light workspace page, get HTML and CSS
  // with constant scripts (lib/html-first.ts); everyone else the app.
  // Only the server's document entry decides (false in the browser): a page that runs the app
  // keeps running it.
  const scriptFree = useHtmlFirst();
  const pageScripts = usePageScripts();
  // A form's answer on an HTML-first page says its message there too, as the app's toast does.
  const actionMessage = useActionMessage();
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f5f5c" />
        <Meta />
        <Links />
      </head>
      <body
        className="flex min-h-dvh flex-col"
        data-rendered-at={scriptFree && root?.renderedAt ? root.renderedAt : undefined}
      >
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60] focus:rounded-lg focus:bg-white focus:px-4 focus:py-3 focus:font-semibold focus:text-brand-800 focus:shadow-lg"
        >
          {m.nav.skipToContent}
        </a>
        <HtmlFirstContext.Provider value={scriptFree}>
          {root?.languageOffer && <LanguageOffer {...root.languageOffer} />}
          <SiteHeader user={root?.user ?? null} siteName={siteName} />
          <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
            {children}
          </main>
          <SiteFooter siteName={siteName} />
        </HtmlFirstContext.Provider>
        {scriptFree ? (
          <>
            <PageMessage message={root?.toast ?? actionMessage} />
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script, allowed by its hash */}
            <script dangerouslySetInnerHTML={{ __html: pageScripts }} />
          </>
        ) : (
          <>
            <Toaster />
            {/* The app shows the toast; a browser with JavaScript off shows it from the HTML. */}
            {root?.toast && (
              <noscript>
                <PageMessage message={root.toast} />
              </noscript>
            )}
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

type KnownStatus = 400 | 401 | 403 | 404 | 413 | 500 | 503;
const KNOWN: KnownStatus[] = [400, 401, 403, 404, 413, 500, 503];

/** One error boundary with a screen per HTTP status. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const known = (KNOWN as number[]).includes(status) ? (status as KnownStatus) : 500;
  const m = useMessages({ common, errors, notFound });
  const screen = m.errors[known];
  const siteName = useRouteLoaderData<typeof loader>("root")?.site.siteName ?? "Fabricum";
  if (!isRouteErrorResponse(error) && import.meta.env.DEV) console.error(error);
  return (
    <>
      {/* The routes' own meta does not run for an error: name the page here (WCAG 2.4.2). */}
      <title>{m.common.pageTitle(screen.title, siteName)}</title>
      <ErrorScreen
        status={status}
        title={screen.title}
        text={status === 404 ? m.notFound.text(pathWithoutLocale(location.pathname)) : screen.text}
        showLogin={status === 401}
      />
    </>
  );
}

export function ErrorScreen({
  status,
  title,
  text,
  showLogin = false,
}: {
  status: number;
  title: string;
  text: string;
  showLogin?: boolean;
}) {
  const m = useMessages({ errors });
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <p className="font-bold text-brand-700 text-sm tracking-widest">{m.errors.code(status)}</p>
      <h1 className="mt-3 font-extrabold text-3xl text-slate-900 tracking-tight sm:text-4xl">
        {title}
      </h1>
      <p className="mt-4 break-words text-slate-600">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonVariants({ variant: "primary" })}>
          {m.errors.home}
        </Link>
        {showLogin && (
          <Link to="/login" className={buttonVariants({ variant: "secondary" })}>
            {m.errors.login}
          </Link>
        )}
      </div>
    </section>
  );
}
