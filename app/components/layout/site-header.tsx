import { Briefcase, ClipboardList, LayoutDashboard, LogIn, LogOut, Menu, MessageCircle, PlusCircle, ShieldCheck, UserRound, X, type LucideIcon } from "~/components/ui/icons";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { CountBadge } from "~/components/ui/count-badge";
import type { SessionUser } from "~/features/auth/session.server";
import type { ThemeName } from "~/features/preferences/preferences";
import { ordersPublicDe } from "~/i18n/orders-public.de";
import { inboxDe } from "~/i18n/inbox.de";
import { moderationPublicDe } from "~/i18n/moderation-public.de";
import { publicDe as de } from "~/i18n/public.de";
import { cn } from "~/lib/class-names";
import { useFocusKeptOnSwap } from "~/lib/use-focus-kept-on-swap";
import { useHydrated } from "~/lib/use-hydrated";
import { NotificationsMenu } from "~/features/notifications/components/notifications-menu";
import { ThemeToggle } from "./theme-toggle";

interface NavItem {
  to: string;
  label: string;
  badge?: number;
  /** Other paths under which the link counts as the current one (the inbox's two views). */
  alsoActiveUnder?: string[];
  /** Signed-in links show only this icon in the desktop bar below xl (the label stays for screen readers). */
  icon?: LucideIcon;
  /** The staff's extra link keeps to its icon up to 2xl (with it the bar would not fit 1280 px). */
  iconUntil2xl?: boolean;
}

/** Where the Chats link leads: the view with the newest unread message (issue #18), else /chats. */
function inboxPath(newestUnreadView: "service" | "live" | null): string {
  return newestUnreadView === "live" ? "/live-chat" : "/chats";
}

function navItems(user: SessionUser | null, newMessages: number, newestUnreadView: "service" | "live" | null): NavItem[] {
  const open: NavItem[] = [
    { to: "/", label: de.nav.home },
    { to: "/services", label: de.nav.services },
    { to: "/support", label: de.nav.support },
  ];
  if (!user) return open;
  return [
    ...open,
    { to: "/create-service", label: de.nav.createService, icon: PlusCircle },
    { to: inboxPath(newestUnreadView), label: de.nav.chats, badge: newMessages, icon: MessageCircle, alsoActiveUnder: ["/chats", "/live-chat"] },
    { to: "/orders", label: ordersPublicDe.nav, icon: ClipboardList },
    { to: "/dashboard", label: de.nav.dashboard, icon: LayoutDashboard },
    { to: "/profile", label: de.nav.profile, icon: UserRound },
    // Staff only: the notice-and-action queue (ADR 023); the page itself answers 404 to anyone else.
    ...(user.role === "support" ? [{ to: "/moderation", label: moderationPublicDe.nav, icon: ShieldCheck, iconUntil2xl: true }] : []),
  ];
}

/** The CSS variable with the sticky header's height in px (set while the header is mounted). */
export const SITE_HEADER_HEIGHT = "--site-header-height";

/**
 * The query parameter that opens the phone menu: without JavaScript its button is a link to the
 * same page with it, and the server renders the menu open (a closed menu holds no copy of the links).
 */
export const MENU_PARAM = "menu";

/** This page's address with the menu open or closed (its other parameters kept). */
function menuHref(pathname: string, search: string, open: boolean): string {
  const params = new URLSearchParams(search);
  if (open) params.set(MENU_PARAM, "1");
  else params.delete(MENU_PARAM);
  const query = params.toString();
  // One leading slash: a request for "//other.example" has that pathname, and the link would lead off-site.
  const path = pathname.replace(/^\/+/, "/");
  return query ? `${path}?${query}` : path;
}

/** Following a link scrolls smoothly to the top (the spec's navigation behaviour). */
function scrollToTop() {
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  window.scrollTo({ top: 0, behavior: reduced ? "auto" : "smooth" });
}


export function SiteHeader({
  user,
  newMessages,
  unreadNotifications,
  newestUnreadView = null,
  theme,
}: {
  user: SessionUser | null;
  newMessages: number;
  unreadNotifications: number;
  /** The chat view with the newest unread message: where the Chats link leads. */
  newestUnreadView?: "service" | "live" | null;
  theme: ThemeName;
}) {
  const menuId = useId();
  const location = useLocation();
  // The menu remembers the page it was opened on, so any navigation (also back/forward) closes it.
  // A page asked for with the menu open (its link, before the scripts run) starts with it open.
  const [openedOn, setOpenedOn] = useState<string | null>(() => (new URLSearchParams(location.search).has(MENU_PARAM) ? location.pathname : null));
  const scripted = useHydrated();
  const menuOpen = openedOn === location.pathname;
  const setMenuOpen = (open: boolean) => setOpenedOn(open ? location.pathname : null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  // A menu link focused before the scripts ran passes the focus to the button that replaces it.
  const keepToggleFocus = useFocusKeptOnSwap<HTMLElement>();
  const toggleRefs = useCallback(
    (node: HTMLButtonElement | null) => {
      toggleRef.current = node;
      return keepToggleFocus(node);
    },
    [keepToggleFocus],
  );
  const headerRef = useRef<HTMLElement>(null);

  // The header's height (taller with the phone menu open) for what must stay clear of it: the
  // toasts start below it (root.tsx), so that they never cover the menu button or the links.
  useEffect(() => {
    const header = headerRef.current;
    if (!header) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty(SITE_HEADER_HEIGHT, `${header.offsetHeight}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.removeProperty(SITE_HEADER_HEIGHT);
    };
  }, []);

  // Escape closes the open menu and puts the focus back on its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpenedOn(null);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);
  const items = navItems(user, newMessages, newestUnreadView);
  // The current page's link, as NavLink would find it ("/" only itself, others with what is under
  // them), computed here once: the header is on every page, and NavLink's own hooks (pending state,
  // path resolution) cost a noticeable share of a signed-in page's render, twice per link.
  // Paths match regardless of case, as routes do.
  const here = location.pathname.toLowerCase();
  const under = (path: string) => here === path || here.startsWith(`${path === "/" ? "" : path}/`);
  const isCurrent = (item: NavItem) => (item.to === "/" ? here === "/" : under(item.to) || (item.alsoActiveUnder?.some(under) ?? false));

  const onNavigate = () => {
    setMenuOpen(false);
    scrollToTop();
  };

  // The phone menu's links are taller and larger (easier to tap) than the bar's.
  const linkClass = ({ isActive, inMenu }: { isActive: boolean; inMenu: boolean }) =>
    cn(
      "inline-flex items-center gap-1.5 whitespace-nowrap rounded-md px-2.5 font-medium transition-colors hover:bg-accent hover:text-accent-foreground",
      inMenu ? "py-3 text-base" : "py-2 text-sm",
      isActive ? "text-primary" : "text-foreground/80",
    );

  /** A link of the navigation (the bar's or the phone menu's), the current page's marked. */
  const navLink = (item: NavItem, content: React.ReactNode, { inMenu = false, title }: { inMenu?: boolean; title?: string } = {}) => (
    <Link
      key={item.label}
      to={item.to}
      aria-current={isCurrent(item) ? "page" : undefined}
      className={linkClass({ isActive: isCurrent(item), inMenu })}
      onClick={onNavigate}
      title={title}
    >
      {content}
      {item.badge !== undefined && <CountBadge count={item.badge} label={de.nav.newMessages(item.badge)} />}
    </Link>
  );

  // In the desktop bar the sign-out label is visible from xl (an icon with the name for screen
  // readers below); the mobile menu always shows it.
  const authControl = (compact: boolean) =>
    user ? (
      <Form method="post" action="/auth/sign-out">
        <Button type="submit" variant="outline" size="sm" title={compact ? de.nav.signOut : undefined}>
          <LogOut aria-hidden="true" />
          <span className={compact ? "sr-only xl:not-sr-only xl:whitespace-nowrap" : undefined}>{de.nav.signOut}</span>
        </Button>
      </Form>
    ) : (
      <Button asChild size="sm">
        <Link to="/auth" onClick={onNavigate}>
          <LogIn aria-hidden="true" />
          {de.nav.signIn}
        </Link>
      </Button>
    );

  // The Chats badge is inside the closed menu: the button says that something is unread.
  const toggleLabel = menuOpen ? de.nav.closeMenu : `${de.nav.openMenu}${user && newMessages > 0 ? inboxDe.menu.unread(newMessages) : ""}`;
  const toggleContent = (
    <>
      {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
      {user && newMessages > 0 && !menuOpen && (
        <span
          aria-hidden="true"
          data-testid="menu-unread"
          className="absolute -right-0.5 -top-0.5 inline-flex min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[0.65rem] font-semibold leading-4 text-white"
        >
          {newMessages > 99 ? "99+" : newMessages}
        </span>
      )}
    </>
  );

  return (
    <header ref={headerRef} className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 md:px-4 lg:gap-4 lg:px-6">
        <Link to="/" onClick={onNavigate} className="flex items-center gap-2 rounded-md font-semibold tracking-tight">
          <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <Briefcase className="size-4" aria-hidden="true" />
          </span>
          {/* The full name where there is room: phones with the menu button (sm–md) and very wide screens;
              between md and lg the member links need the room, so the name is read to screen readers only. */}
          <span className="text-base whitespace-nowrap sm:hidden md:inline md:sr-only lg:not-sr-only 2xl:hidden">{de.app.shortName}</span>
          <span className="hidden text-base whitespace-nowrap sm:inline md:hidden 2xl:inline">{de.app.name}</span>
        </Link>

        <nav aria-label={de.nav.label} className="ml-2 hidden flex-1 items-center gap-0.5 md:flex xl:ml-4">
          {items.map((item) =>
            navLink(
              item,
              <>
                {item.icon && <item.icon className={item.iconUntil2xl ? "size-4 2xl:hidden" : "size-4 xl:hidden"} aria-hidden="true" />}
                <span className={item.iconUntil2xl ? "sr-only 2xl:not-sr-only 2xl:whitespace-nowrap" : item.icon ? "sr-only xl:not-sr-only xl:whitespace-nowrap" : undefined}>
                  {item.label}
                </span>
              </>,
              { title: item.icon ? item.label : undefined },
            ),
          )}
        </nav>

        <div className="ml-auto flex items-center gap-1 lg:gap-2">
          {user && <NotificationsMenu unread={unreadNotifications} />}
          <ThemeToggle theme={theme} />
          <div className="hidden md:block">{authControl(true)}</div>
          {scripted ? (
            <Button
              ref={toggleRefs}
              type="button"
              variant="ghost"
              size="icon"
              className="relative md:hidden"
              aria-expanded={menuOpen}
              aria-controls={menuId}
              aria-label={toggleLabel}
              onClick={() => setMenuOpen(!menuOpen)}
            >
              {toggleContent}
            </Button>
          ) : (
            // Before the scripts run (or without them) the button is a link to this page with the menu open or closed.
            <Button asChild variant="ghost" size="icon" className="relative md:hidden">
              <a ref={keepToggleFocus} href={menuHref(location.pathname, location.search, !menuOpen)} aria-label={toggleLabel}>
                {toggleContent}
              </a>
            </Button>
          )}
        </div>
      </div>

      {/* The phone menu's links exist while it is open: closed, they would be a second copy of the
          navigation in every page's HTML. Without JavaScript the menu opens as a page of its own
          (the button's link, MENU_PARAM), so nothing hidden needs to be in the HTML. */}
      <div id={menuId} hidden={!menuOpen} className="border-t md:hidden">
        {menuOpen && (
          <>
            <nav aria-label={de.nav.label} className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3">
              {items.map((item) => navLink(item, item.label, { inMenu: true }))}
            </nav>
            <div className="mx-auto max-w-7xl px-4 pb-4">{authControl(false)}</div>
          </>
        )}
      </div>
    </header>
  );
}
