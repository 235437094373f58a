import {
  Bell,
  ChevronDown,
  Languages,
  LayoutDashboard,
  LogOut,
  type LucideIcon,
  Menu,
  ShieldCheck,
  UserRound,
  X,
} from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Form, useLocation } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Link, NavLink } from "~/components/ui/link";
import { MenuAction, MenuButton, MenuLink } from "~/components/ui/menu";
import { messagesFor, nav, notifications } from "~/domain/catalogue";
import {
  DEFAULT_LOCALE,
  LOCALE_INFO,
  LOCALES,
  type Locale,
  localizedHref,
  pathWithoutLocale,
} from "~/domain/locale";
import { thumbnailUrl } from "~/domain/uploads";
import { cn } from "~/lib/cn";
import { useLocale, useLocalizedHref, useMessages } from "~/lib/i18n";

/** What the navigation needs to know about the signed-in user. */
export interface NavUser {
  email: string;
  displayName: string;
  isAdmin: boolean;
  userType: string | null;
  /** Avatar or factory logo. */
  avatarUrl: string | null;
  /** How many of the account's notifications are unread (the bell's badge). */
  unreadNotifications?: number;
}

/**
 * Which navigation link a page belongs to: every factory's public pages (the directory, a
 * factory's page under either address, a portfolio) to 'Фабрики'; 'Мои товары' only to the
 * factory's own workspace; any other link to its own address and what lies under it. `pathname`
 * may carry a language ('/en/tenders'); `links` are the Russian addresses ('/tenders').
 */
export function activeNavLink(pathname: string, links: readonly string[]): string | null {
  const path = pathWithoutLocale(pathname).replace(/\/+$/, "") || "/";
  if (/^\/(factories|factory|factory-products)\/[^/]+$/.test(path)) {
    return links.includes("/factories") ? "/factories" : null;
  }
  return links.find((to) => path === to || path.startsWith(`${to}/`)) ?? null;
}

interface NavItem {
  to: string;
  label: string;
}

/**
 * The links of the navigation for a role (docs/product.md, "Navigation"), without the account
 * block, labelled in `locale`; `to` is the Russian address (Link puts it into the page's language).
 */
export function navItems(
  user: NavUser | null,
  { adminPage = false, locale = DEFAULT_LOCALE }: { adminPage?: boolean; locale?: Locale } = {},
): NavItem[] {
  const m = messagesFor(locale, { nav });
  const items: NavItem[] = [{ to: "/factories", label: m.nav.factories }];
  if (user?.isAdmin) items.push({ to: "/admin", label: m.nav.admin });
  const isFactory = user?.userType === "factory";
  if (user && isFactory) items.push({ to: "/factory-products", label: m.nav.myProducts });
  if (user && isFactory) items.push({ to: "/my-quotes", label: m.nav.myQuotes });
  if (user && !isFactory) items.push({ to: "/my-tenders", label: m.nav.myTenders });
  if (user && !user.isAdmin && (isFactory || user.userType === "buyer")) {
    items.push({ to: "/orders", label: m.nav.orders });
  }
  if (user?.userType === "buyer" && !user.isAdmin) {
    items.push({ to: "/saved-factories", label: m.nav.savedFactories });
  }
  if (!adminPage) {
    items.push(
      isFactory
        ? { to: "/tenders", label: m.nav.viewTenders }
        : { to: "/place-tender", label: m.nav.placeTender },
    );
  }
  return items;
}

function Logo({ siteName, navigable }: { siteName: string; navigable: boolean }) {
  const m = useMessages({ nav });
  const content = (
    <>
      {/* The letter is drawn by CSS: a decoration, not part of the link's text. */}
      <span
        aria-hidden="true"
        data-mark={siteName.charAt(0)}
        className="grid size-9 place-items-center rounded-lg bg-brand-700 font-extrabold text-white before:content-[attr(data-mark)]"
      />
      <span className="font-extrabold text-lg tracking-tight text-slate-900">{siteName}</span>
    </>
  );
  if (!navigable) return <span className="flex items-center gap-2">{content}</span>;
  return (
    // The name says where the link goes and starts with the visible logo text (WCAG 2.5.3).
    <Link
      to="/"
      className="flex items-center gap-2 rounded-lg"
      aria-label={`${siteName} — ${m.nav.logoLabel.toLowerCase()}`}
    >
      {content}
    </Link>
  );
}

function AccountMenu({ user, adminPage }: { user: NavUser; adminPage: boolean }) {
  const m = useMessages({ nav });
  const href = useLocalizedHref();
  const logoutForm = useId();
  // On /admin: a button labelled with the admin's login and one item 'LOGOUT' (docs/product.md).
  const label = adminPage ? user.email : user.displayName;
  return (
    <>
      {/* Signing out loads the next page afresh: a visitor's page is HTML-first (lib/html-first.ts). */}
      <Form reloadDocument id={logoutForm} method="post" action={href("/logout")} hidden />
      <MenuButton
        variant="secondary"
        size="sm"
        label={`${m.nav.accountMenu}: ${label}`}
        items={
          <>
            {!user.isAdmin && <AccountLink to="/profile" icon={UserRound} label={m.nav.profile} />}
            {user.userType === "factory" && (
              <AccountLink
                to="/factory-dashboard"
                icon={LayoutDashboard}
                label={m.nav.factoryDashboard}
              />
            )}
            {user.userType === "buyer" && !user.isAdmin && (
              <AccountLink
                to="/buyer-dashboard"
                icon={LayoutDashboard}
                label={m.nav.buyerDashboard}
              />
            )}
            {/* Sends the form above: with the app and on a light page alike (decision 036). */}
            <MenuAction type="submit" form={logoutForm}>
              <LogOut className="size-4" aria-hidden="true" />
              {adminPage ? m.nav.adminLogout : m.nav.logout}
            </MenuAction>
          </>
        }
      >
        {user.avatarUrl ? (
          <img
            src={thumbnailUrl(user.avatarUrl)}
            alt=""
            width={24}
            height={24}
            className="size-6 rounded-full object-cover"
          />
        ) : (
          <UserRound aria-hidden="true" />
        )}
        <span className="max-w-40 truncate" data-user-content>
          {label}
        </span>
        <ChevronDown aria-hidden="true" />
      </MenuButton>
    </>
  );
}

/** A link of the account menu. */
function AccountLink({ to, icon: Icon, label }: { to: string; icon: LucideIcon; label: string }) {
  return (
    <MenuLink to={to}>
      <Icon className="size-4" aria-hidden="true" />
      {label}
    </MenuLink>
  );
}

/**
 * The switch to this page in the other language, named in that language ('English', 'Русский').
 * A small form posting to /language, which remembers the choice (the cookie, and the account's
 * language for its letters) and goes there; the query is kept. A form, not a link: it writes the
 * account, and a GET must not (docs/decisions/025-limits-under-concurrency.md). It needs no
 * JavaScript; `contents` keeps the button where the link was in the header's layout.
 */
function LanguageSwitch({ className }: { className?: string }) {
  const location = useLocation();
  const locale = useLocale();
  const other = LOCALES.find((candidate) => candidate !== locale) ?? DEFAULT_LOCALE;
  const target = localizedHref(`${location.pathname}${location.search}`, other);
  return (
    <Form reloadDocument method="post" action="/language" className="contents">
      <input type="hidden" name="to" value={target} />
      <button
        type="submit"
        lang={other}
        className={cn("cursor-pointer text-left", className)}
        data-testid="language-switch"
      >
        <Languages className="size-4 shrink-0" aria-hidden="true" />
        {LOCALE_INFO[other].name}
      </button>
    </Form>
  );
}

/**
 * The bell's badge: the unread count, 99+ above that. The number is drawn by CSS: the link's name
 * says it in words, so it is not part of the link's text.
 */
function UnreadBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      data-count={count > 99 ? "99+" : String(count)}
      className={cn(
        "grid h-5 min-w-5 place-items-center rounded-full bg-red-600 px-1 font-bold text-[11px] text-white leading-none before:content-[attr(data-count)]",
        className,
      )}
    />
  );
}

/**
 * The bell: a link to /notifications with the unread count as a badge; its name says the count in
 * words ('Уведомления: 3 новых'). The root loader counts, and live updates revalidate it.
 */
function NotificationBell({ count, className }: { count: number; className?: string }) {
  const m = useMessages({ notifications });
  const current = activeNavLink(useLocation().pathname, ["/notifications"]) !== null;
  return (
    <Link
      to="/notifications"
      aria-label={m.notifications.bell.label(count)}
      aria-current={current ? "page" : undefined}
      data-testid="notification-bell"
      data-live="bell"
      className={cn(
        buttonVariants({ variant: "ghost", size: "icon" }),
        "relative [&_svg]:size-5",
        current && "bg-brand-50 text-brand-800",
        className,
      )}
    >
      <Bell aria-hidden="true" />
      <UnreadBadge count={count} className="absolute top-0.5 right-0.5 ring-2 ring-white" />
    </Link>
  );
}

const desktopLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium transition-colors",
    isActive
      ? "bg-brand-50 text-brand-800"
      : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
  );

const mobileLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "block rounded-lg px-3 py-3 text-base font-medium",
    isActive ? "bg-brand-50 text-brand-800" : "text-slate-800 hover:bg-slate-100",
  );

/** The role's links (`navItems`), the current one marked; the desktop bar and the mobile menu. */
function MainNav({
  items,
  active,
  linkClass,
  className,
}: {
  items: NavItem[];
  active: string | null;
  linkClass: (state: { isActive: boolean }) => string;
  className: string;
}) {
  const m = useMessages({ nav });
  return (
    <nav aria-label={m.nav.mainLabel} className={className}>
      {items.map((item) => (
        <Link
          key={item.to}
          to={item.to}
          aria-current={item.to === active ? "page" : undefined}
          className={linkClass({ isActive: item.to === active })}
        >
          {item.label}
        </Link>
      ))}
    </nav>
  );
}

export function SiteHeader({ user, siteName }: { user: NavUser | null; siteName: string }) {
  const location = useLocation();
  const locale = useLocale();
  const href = useLocalizedHref();
  const m = useMessages({ nav, notifications });
  const path = pathWithoutLocale(location.pathname);
  const adminPage = path === "/admin" || path.startsWith("/admin/");
  const items = navItems(user, { adminPage, locale });
  const active = activeNavLink(
    location.pathname,
    items.map((item) => item.to),
  );
  // The mobile menu is a popover (opened and closed by the browser, Escape and a click outside
  // included, with or without JavaScript); once scripts run, `open` mirrors it.
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = panel.current;
    if (!element) return;
    const follow = (event: Event) => setOpen((event as ToggleEvent).newState === "open");
    element.addEventListener("toggle", follow);
    return () => element.removeEventListener("toggle", follow);
  }, []);

  // Following a link (a navigation inside the app) closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation
  useEffect(() => {
    if (panel.current?.matches(":popover-open")) panel.current.hidePopover();
  }, [location.key]);

  return (
    <header className="sticky top-0 z-40 bg-white/95 shadow-[inset_0_-1px_0_var(--color-slate-200)] backdrop-blur supports-backdrop-filter:bg-white/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Logo siteName={siteName} navigable={!adminPage} />
        {adminPage && user?.isAdmin && (
          <span className="hidden items-center gap-1 rounded-full bg-accent-100 px-2.5 py-1 font-semibold text-accent-700 text-xs sm:inline-flex">
            <ShieldCheck className="size-3.5" aria-hidden="true" />
            {m.nav.superAdmin}
          </span>
        )}
        <MainNav
          items={items}
          active={active}
          linkClass={desktopLinkClass}
          className="ml-4 hidden flex-1 items-center gap-1 lg:flex"
        />
        <div className="ml-auto hidden items-center gap-2 lg:flex">
          <LanguageSwitch className={cn(buttonVariants({ variant: "ghost", size: "sm" }))} />
          {user ? (
            <>
              {!adminPage && <NotificationBell count={user.unreadNotifications ?? 0} />}
              <AccountMenu user={user} adminPage={adminPage} />
            </>
          ) : (
            <>
              <Link to="/login" className={buttonVariants({ variant: "ghost", size: "sm" })}>
                {m.nav.login}
              </Link>
              <Link to="/register" className={buttonVariants({ variant: "primary", size: "sm" })}>
                {m.nav.register}
              </Link>
            </>
          )}
        </div>
        {user && !adminPage && (
          <NotificationBell count={user.unreadNotifications ?? 0} className="ml-auto lg:hidden" />
        )}
        <Button
          variant="ghost"
          size="icon"
          className={cn("lg:hidden", !(user && !adminPage) && "ml-auto")}
          popoverTarget={panelId}
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={m.nav.openMenu}
        >
          <Menu className="size-6" aria-hidden="true" />
        </Button>
      </div>
      <div
        ref={panel}
        id={panelId}
        popover="auto"
        className="menu-sheet inset-x-0 top-0 bottom-auto m-0 max-h-dvh w-full max-w-none overflow-y-auto border-0 bg-white p-0 text-slate-900 shadow-lg lg:hidden"
      >
        <div className="flex h-16 items-center gap-4 border-slate-200 border-b px-4 sm:px-6">
          <Logo siteName={siteName} navigable={false} />
          {/* Focused when the menu opens (autofocus), so the next Tab reaches its first link. */}
          <Button
            variant="ghost"
            size="icon"
            className="ml-auto"
            popoverTarget={panelId}
            popoverTargetAction="hide"
            autoFocus
            aria-expanded="true"
            aria-controls={panelId}
            aria-label={m.nav.closeMenu}
          >
            <X className="size-6" aria-hidden="true" />
          </Button>
        </div>
        <div className="px-4 pt-2 pb-4 sm:px-6">
          <MainNav
            items={items}
            active={active}
            linkClass={mobileLinkClass}
            className="flex flex-col gap-1"
          />
          <LanguageSwitch
            className={cn(mobileLinkClass({ isActive: false }), "mt-1 flex items-center gap-2")}
          />
          <div className="mt-3 border-t border-slate-200 pt-3">
            {user ? (
              <div className="flex flex-col gap-2">
                <p className="px-3 text-slate-500 text-sm">
                  {adminPage && user.isAdmin ? (
                    m.nav.superAdmin
                  ) : (
                    <span data-user-content>{user.displayName}</span>
                  )}
                  <span className="block truncate text-slate-500 text-xs" data-user-content>
                    {user.email}
                  </span>
                </p>
                {!adminPage && (
                  <NavLink
                    to="/notifications"
                    aria-label={m.notifications.bell.label(user.unreadNotifications ?? 0)}
                    data-live="bell-link"
                    className={(state) => cn(mobileLinkClass(state), "flex items-center gap-2")}
                  >
                    <Bell className="size-5 shrink-0" aria-hidden="true" />
                    {m.notifications.bell.link}
                    <UnreadBadge count={user.unreadNotifications ?? 0} className="ml-auto" />
                  </NavLink>
                )}
                {!user.isAdmin && (
                  <NavLink to="/profile" className={mobileLinkClass}>
                    {m.nav.profile}
                  </NavLink>
                )}
                {user.userType === "factory" && (
                  <NavLink to="/factory-dashboard" className={mobileLinkClass}>
                    {m.nav.factoryDashboard}
                  </NavLink>
                )}
                {user.userType === "buyer" && !user.isAdmin && (
                  <NavLink to="/buyer-dashboard" className={mobileLinkClass}>
                    {m.nav.buyerDashboard}
                  </NavLink>
                )}
                <Form reloadDocument method="post" action={href("/logout")}>
                  <Button type="submit" variant="secondary" className="w-full">
                    <LogOut aria-hidden="true" />
                    {adminPage ? m.nav.adminLogout : m.nav.logout}
                  </Button>
                </Form>
              </div>
            ) : (
              <div className="flex flex-col gap-2">
                <Link
                  to="/login"
                  className={cn(buttonVariants({ variant: "secondary" }), "w-full")}
                >
                  {m.nav.login}
                </Link>
                <Link
                  to="/register"
                  className={cn(buttonVariants({ variant: "primary" }), "w-full")}
                >
                  {m.nav.register}
                </Link>
              </div>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}
