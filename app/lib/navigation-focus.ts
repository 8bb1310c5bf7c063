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
 * that placed the focus in its content itself (a dialog, a field) keeps it. A page whose h1 is not
 * what the user came for, or is hidden (the chats' h1 on a phone, once a conversation is open),
 * marks the element to focus instead with `data-navigation-focus`.
 */
export function useNavigationFocus(): void {
  const { pathname, hash } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const main = document.getElementById("main");
    // A link to an anchor is the browser's; a page that focused something of its own keeps it.
    if (hash || !main || main.contains(document.activeElement)) return;
    // A heading is focusable from script only (tabindex -1: not in the Tab order); <main> already is.
    const target = main.querySelector<HTMLElement>("[data-navigation-focus]") ?? main.querySelector("h1") ?? main;
    target.tabIndex = -1;
    // The scroll position is ScrollRestoration's (top of the page, or where the user was before).
    target.focus({ preventScroll: true });
  }, [pathname, hash]);
}
