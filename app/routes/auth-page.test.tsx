import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { de } from "~/i18n/de";
import AuthPage from "./auth";

/**
 * The page as the server renders it (no JavaScript has run): what a visitor without it, or
 * before hydration, gets. `actionData` is the answer to a form posted without JavaScript.
 */
function render(path: string, actionData?: unknown) {
  const props = { actionData, loaderData: null, params: {}, matches: [] } as unknown as Parameters<typeof AuthPage>[0];
  const element = <AuthPage {...props} />;
  return renderToString(<RouterProvider router={createMemoryRouter([{ path: "/auth", element }], { initialEntries: [path] })} />);
}

const tags = (html: string, pattern: RegExp) => [...html.matchAll(/<(?:a|button)\b[^>]*>[\s\S]*?<\/(?:a|button)>/g)].map(([tag]) => tag).filter((tag) => pattern.test(tag));

describe("the /auth page without JavaScript", () => {
  it("has tab triggers that are links to each tab's own address", () => {
    const html = render("/auth");
    const [signIn] = tags(html, new RegExp(`>${de.auth.tabSignIn}<`));
    const [register] = tags(html, new RegExp(`>${de.auth.tabSignUp}<`));
    expect(signIn).toMatch(/^<a [^>]*href="\/auth"/);
    expect(signIn).toContain('role="tab"');
    expect(register).toMatch(/^<a [^>]*href="\/auth\?tab=register"/);
    expect(register).not.toContain('type="button"');
    // In the Tab order: Radix's roving focus, which would lead there, needs JavaScript.
    expect(signIn).toContain('tabindex="0"');
    expect(register).toContain('tabindex="0"');
    // The sign-in panel is the one rendered.
    expect(html).toContain('value="signIn"');
    expect(html).not.toContain('value="signUp"');
  });

  it("renders the register panel at ?tab=register, its submit button enabled", () => {
    const html = render("/auth?tab=register");
    expect(html).toContain('value="signUp"');
    expect(html).not.toContain('value="signIn"');
    const [submit] = tags(html, new RegExp(de.auth.signUpSubmit));
    expect(submit).toMatch(/^<button [^>]*type="submit"/);
    expect(submit).not.toMatch(/\sdisabled=/);
    expect(tags(html, new RegExp(`>${de.auth.tabSignUp}<`))[0]).toContain('aria-selected="true"');
  });

  it("keeps where to go after signing in in both tabs' links", () => {
    const html = render("/auth?tab=register&redirectTo=%2Fdashboard");
    expect(tags(html, new RegExp(`>${de.auth.tabSignIn}<`))[0]).toContain('href="/auth?redirectTo=%2Fdashboard"');
    expect(tags(html, new RegExp(`>${de.auth.tabSignUp}<`))[0]).toContain('href="/auth?tab=register&amp;redirectTo=%2Fdashboard"');
  });

  it("says the spec's sign-up success on the page (the toast needs JavaScript)", () => {
    const html = render("/auth?tab=register", { intent: "signUp", ok: true, email: "neu@example.de" });
    expect(html).toContain(de.auth.checkInboxTitle);
    expect(html).toContain(de.auth.signUpSuccessTitle);
    expect(html).toContain(de.auth.signUpSuccessText.replaceAll("'", "&#x27;"));
  });

  it("says a refused sign-up's title with its message", () => {
    const failure = { intent: "signUp", ok: false, reason: "rate_limited", message: de.auth.errors.rateLimited, fieldErrors: {}, values: {} };
    const html = render("/auth?tab=register", failure);
    expect(html).toContain(de.auth.signUpFailed);
    expect(html).toContain(de.auth.errors.rateLimited);
  });

  it("shows a resend over its limit as that, with when to try again, not as a failed send", () => {
    const message = de.auth.errors.resendRateLimited(7 * 60);
    const failure = { intent: "resend", ok: false, reason: "resend_rate_limited", message, fieldErrors: {}, values: { email: "neu@example.de" } };
    const html = render("/auth", failure);
    expect(html).toContain("Bitte versuchen Sie es in 7 Minuten erneut.");
    expect(html).not.toContain(de.auth.resendFailed);
    // Any other failure still reads as the spec's resend failure.
    expect(render("/auth", { ...failure, reason: "account_failed", message: "x" })).toContain(de.auth.resendFailed);
  });
});
