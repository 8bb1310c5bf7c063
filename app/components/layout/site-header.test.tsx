import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { SessionUser } from "~/features/auth/session.server";
import { SiteHeader } from "./site-header";

const member: SessionUser = { id: "u1", email: "a@example.de", firstName: "Ada", lastName: "Muster", role: "user", sessionExpiresAt: 0 };

function header(path: string, user: SessionUser | null = member, newestUnreadView: "service" | "live" | null = null) {
  // A data router: the header's notifications use a fetcher.
  const element = <SiteHeader user={user} newMessages={0} unreadNotifications={0} newestUnreadView={newestUnreadView} theme="light" />;
  const html = renderToStaticMarkup(<RouterProvider router={createMemoryRouter([{ path: "*", element }], { initialEntries: [path] })} />);
  const links = [...html.matchAll(/<a [^>]*>/g)].map(([tag]) => ({ href: /href="([^"]*)"/.exec(tag)?.[1], current: tag.includes('aria-current="page"') }));
  return { html, links, current: links.filter((l) => l.current).map((l) => l.href) };
}

describe("the site header", () => {
  it.each([
    ["/", ["/"]],
    ["/services", ["/services"]],
    // A page under a link marks it; "/" marks only itself.
    ["/services/0b7c6f7e-0000-4000-8000-000000000000", ["/services"]],
    ["/support/t1", ["/support"]],
    ["/dashboard", ["/dashboard"]],
    // The inbox's link counts for both of its views, wherever it leads.
    ["/live-chat/c1", ["/chats"]],
    ["/create-service", ["/create-service"]],
    ["/servicesx", []],
    // Routes match regardless of case, and so does the marking.
    ["/Dashboard", ["/dashboard"]],
    ["/auth", []],
  ])("marks the current page's link on %s", (path, current) => {
    expect(header(path).current).toEqual(current);
  });

  it("leads the Chats link to the view with the newest unread message, marked on either view", () => {
    const { links } = header("/chats", member, "live");
    expect(links.find((l) => l.href === "/live-chat")).toEqual({ href: "/live-chat", current: true });
  });

  it("renders the phone menu's links only while it is open: closed, the page holds one navigation", () => {
    const { html, links } = header("/services");
    expect(html.match(/<nav /g)).toHaveLength(1);
    // The logo, the eight links of a member (home, services, support, create, chats, orders, dashboard,
    // profile) and, as the server renders it, the menu's button as a link (it opens the menu without JavaScript).
    expect(links.map((l) => l.href)).toEqual(["/", "/", "/services", "/support", "/create-service", "/chats", "/orders", "/dashboard", "/profile", "/services?menu=1"]);
    expect(html).toMatch(/<div id="[^"]+" hidden=""/);
  });

  it("makes the phone menu's button a link that opens the menu without JavaScript, its links rendered by the server", () => {
    const closed = header("/services?q=garten");
    const open = /<a [^>]*href="\/services\?q=garten&amp;menu=1"[^>]*aria-label="Menü öffnen"/;
    expect(closed.html).toMatch(open);
    expect(closed.html.match(/<nav /g)).toHaveLength(1);

    // The page asked for with the menu: the menu's links and Abmelden, and a link that closes it.
    const opened = header("/services?q=garten&menu=1");
    expect(opened.html.match(/<nav /g)).toHaveLength(2);
    expect(opened.html).toMatch(/<a [^>]*href="\/services\?q=garten"[^>]*aria-label="Menü schließen"/);
    expect(opened.html).not.toMatch(/<div id="[^"]+" hidden=""/);
    const menu = opened.html.slice(opened.html.lastIndexOf("<nav "));
    for (const path of ["/profile", "/chats", "/orders"]) expect(menu).toContain(`href="${path}"`);
    expect(menu).toMatch(/<form [^>]*action="\/auth\/sign-out"[\s\S]*Abmelden/);
  });

  it("keeps the menu's link on this site when the path starts with two slashes", () => {
    // "//other.example" as a path is another site as an href.
    const { html } = header("//other.example?menu=1");
    expect(html).toMatch(/<a [^>]*href="\/other.example"[^>]*aria-label="Menü schließen"/);
    expect(html).not.toMatch(/href="\/\/other/);
  });

  it("shows signed-out visitors the open links and the sign-in", () => {
    expect(header("/services", null).links.map((l) => l.href)).toEqual(["/", "/", "/services", "/support", "/auth", "/services?menu=1"]);
  });
});
