import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * After a client-side navigation to another page, the focus goes to the new page's heading (or its
 * `<main>`), as a full page load would start a screen reader and the keyboard at the new content.
 * Without it the focus stays on the link that was followed — an element the new page no longer
 * has — so a screen reader announces nothing and the next Tab starts from the top of the document.
 *
 * Only a change of the path counts: filters, paging and tabs of one page (the query string) keep
 * the focus where the user works, and a link to an anchor (`#…`) leaves it to the browser. A page
 * that placed the focus in its content itself (a dialog, a field) keeps it.
 */
export function useNavigationFocus(): void {
  const { pathname, hash } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (hash) return;
    const main = document.getElementById("main");
    if (!main) return;
    const active = document.activeElement;
    // The page focused something of its own already (autofocus in a dialog or a form).
    if (active && active !== document.body && active.isConnected && main.contains(active)) return;
    const heading = main.querySelector<HTMLElement>("h1");
    const target = heading ?? main;
    // A heading is not focusable by itself; focusable from script only, it stays out of the Tab order.
    if (target === heading && !heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    // The scroll position is ScrollRestoration's (top of the page, or where the user was before).
    target.focus({ preventScroll: true });
  }, [pathname, hash]);
}
