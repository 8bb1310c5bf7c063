import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

const TICK_MS = 30_000;
const REFRESH_WHEN_TICKS_LEFT = 3;

/**
 * Keeps an active user's session alive (spec section 4: check every 30 s,
 * refresh when 3 ticks remain). The refresh asks the server for the session,
 * which slides its expiry and re-sets the cookie.
 */
export function SessionKeepAlive({ expiresAt }: { expiresAt: number }) {
  const revalidator = useRevalidator();
  const expiresRef = useRef(expiresAt);
  useEffect(() => {
    expiresRef.current = expiresAt;
  }, [expiresAt]);

  useEffect(() => {
    const timer = window.setInterval(async () => {
      if (document.visibilityState !== "visible") return;
      if (expiresRef.current - Date.now() > REFRESH_WHEN_TICKS_LEFT * TICK_MS) return;
      try {
        const response = await fetch("/api/auth/get-session", { credentials: "same-origin", headers: { Accept: "application/json" } });
        const body = (await response.json()) as { session?: { expiresAt: string } } | null;
        if (body?.session) expiresRef.current = new Date(body.session.expiresAt).getTime();
        // Signed out elsewhere or expired: let the page show the signed-out state.
        else void revalidator.revalidate();
      } catch {
        // Offline: try again on the next tick.
      }
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [revalidator]);

  return null;
}
