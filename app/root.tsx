import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import { toast, Toaster, TOASTS_BELOW } from "./components/ui/toast";
import type { Route } from "./+types/root";
import "./app.css";
import { CookieNotice } from "./components/layout/cookie-notice";
import { ClientErrorPage, NotFoundPage, ServerErrorPage } from "./components/layout/error-pages";
import { SiteFooter } from "./components/layout/site-footer";
import { SITE_HEADER_HEIGHT, SiteHeader } from "./components/layout/site-header";
import { SessionKeepAlive } from "./features/auth/session-keep-alive";
import { loadUnreadCounts } from "./features/notifications/counts.server";
import { useLiveCounts } from "./features/notifications/use-live-counts";
import { useRealtimeConnection } from "./features/realtime/realtime-client";
import { readPreferences } from "./features/preferences/preferences.server";
import { publicDe as de, pageMeta, pageTitle } from "./i18n/public.de";
import { useHydrated } from "./lib/use-hydrated";
import { takeFlashToast, type FlashToast } from "./lib/flash.server";
import { useNavigationFocus } from "./lib/navigation-focus";
import { useNonce } from "./lib/nonce";
import { database, requestMiddleware, session as requestSession } from "./lib/request-context.server";

/** Every request: the request context (database, session; ADR 009). */
export const middleware: Route.MiddlewareFunction[] = [requestMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const [session, flash] = await Promise.all([requestSession(context), takeFlashToast(request)]);
  const preferences = readPreferences(request);
  // The consumed flash toast travels with the page (a slid session's cookie: the middleware).
  const headers = new Headers();
  if (flash.clear) headers.append("Set-Cookie", flash.clear);
  // The badge's newMessages and the unread notifications, read with the page (then kept live).
  const counts = session.user ? await loadUnreadCounts(await database(context), session.user.id) : null;
  return data({ user: session.user, preferences, flash: flash.toast, counts }, { headers });
}

export function meta() {
  return pageMeta();
}

export function headers() {
  // Pages carry per-user state (session, preferences): never cache them in shared caches.
  return { "Cache-Control": "private, no-cache" };
}

function useFlashToast(flash: FlashToast | null | undefined) {
  useEffect(() => {
    if (!flash) return;
    const show = flash.type === "error" ? toast.error : flash.type === "success" ? toast.success : toast;
    show(flash.title, { description: flash.description });
  }, [flash]);
}

/**
 * Toasts show at the top, below the sticky header (its measured height; its closed height until
 * measured): over the header they hid the phone's menu button and the desktop links. At the
 * bottom they would cover the cookie notice, a phone's sticky price bar or the chat's composer.
 * A page's own header that sits below the site header (the open chat's) pushes them further down
 * while it is on screen (useToastsBelow). Phones and desktops alike.
 */
const toastOffset = { top: `calc(max(var(${SITE_HEADER_HEIGHT}, calc(4rem + 1px)), var(${TOASTS_BELOW}, 0px)) + 0.75rem)` };

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const theme = rootData?.preferences.theme ?? "light";
  const nonce = useNonce();
  return (
    <html lang="de" className={theme === "dark" ? "dark" : undefined} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={theme === "dark" ? "#161a26" : "#fcfcfd"} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-foreground"
        >
          {de.app.skipToContent}
        </a>
        {children}
        <Toaster
          position="top-center"
          offset={toastOffset}
          mobileOffset={toastOffset}
          closeButton
          theme={theme}
          containerAriaLabel={de.app.toastRegion}
          toastOptions={{ closeButtonAriaLabel: de.app.toastClose }}
        />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * The flash message for a browser without JavaScript (the toast needs it), e.g. after a plain
 * form post. Rendered by the server only: once the page is hydrated it goes, and the toast says it.
 */
function NoScriptFlash({ flash }: { flash: FlashToast }) {
  return (
    <div
      role={flash.type === "error" ? "alert" : "status"}
      className={`mx-auto mt-4 w-[calc(100%-2rem)] max-w-3xl rounded-md border px-4 py-3 text-sm ${flash.type === "error" ? "border-destructive text-destructive" : "bg-muted"}`}
    >
      <strong>{flash.title}</strong>
      {flash.description ? ` ${flash.description}` : null}
    </div>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  useFlashToast(rootData?.flash);
  // Without JavaScript (and until hydrated) the flash message is part of the page; then the toast says it.
  const scripted = useHydrated();
  // Marks the page as interactive (browser tests wait for it before using client-side controls).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  useNavigationFocus();
  const user = rootData?.user ?? null;
  // One event stream per signed-in tab; the counts follow it (or poll while it is down).
  useRealtimeConnection(!!user);
  const counts = useLiveCounts(user ? (rootData?.counts ?? null) : null);
  return (
    <>
      <SiteHeader
        user={user}
        newMessages={counts?.newMessages ?? 0}
        unreadNotifications={counts?.unreadNotifications ?? 0}
        newestUnreadView={counts?.newestUnreadView ?? null}
        theme={rootData?.preferences.theme ?? "light"}
      />
      {/* Focusable from script only: the skip link moves the focus here (not just the view), so the
          next Tab starts in the content — also in browsers that do not follow fragment links with it. */}
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        {rootData?.flash && !scripted && <NoScriptFlash flash={rootData.flash} />}
        {children}
      </main>
      <SiteFooter />
      {rootData && rootData.preferences.cookieConsent === null && (
        <>
          {/* Room below the footer so the notice never covers the Impressum links. */}
          <div aria-hidden="true" className="h-56 sm:h-40 md:h-24" />
          <CookieNotice />
        </>
      )}
      {rootData?.user && <SessionKeepAlive expiresAt={rootData.user.sessionExpiresAt} />}
    </>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  // Other 4xx answers are refusals of the request as sent, not a failure of the server.
  const clientError = status >= 400 && status < 500 && !notFound;
  if (status >= 500 && import.meta.env.DEV) console.error(error);
  return (
    <Shell>
      <title>{pageTitle(notFound ? de.notFound.title : clientError ? de.clientError.title : de.serverError.title)}</title>
      {notFound ? <NotFoundPage /> : clientError ? <ClientErrorPage status={status} /> : <ServerErrorPage />}
    </Shell>
  );
}
