import { AlertCircle, CheckCircle2, MailCheck } from "~/components/ui/icons";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { toast } from "~/components/ui/toast";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { accountsContext, resendVerification, signIn, signUp, SuspendedAccountError } from "~/features/auth/accounts.server";
import { grantSuspendedAccess, SUSPENDED_ACCOUNT_PATH } from "~/features/moderation/suspended-access.server";
import { PASSWORD_MIN } from "~/features/auth/schema";
import { de, pageMeta } from "~/i18n/de";
import { outcomeOf } from "~/lib/action-outcome";
import { readForm } from "~/lib/forms.server";
import { optionalUser } from "~/lib/request-context.server";
import { actionResult, withHeaders, type Failure } from "~/lib/responses.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { useHydrated } from "~/lib/use-hydrated";
import type { Route } from "./+types/auth";

export async function loader(args: Route.LoaderArgs) {
  if (await optionalUser(args)) throw redirect("/");
  return null;
}

export function meta() {
  return pageMeta(de.pages.auth);
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const text = (key: string) => form[key] ?? "";
  const ctx = () => accountsContext(request);

  switch (form.intent) {
    case "signUp":
      return actionResult(
        async () => {
          // A registered address answers like a new one (signUp): the check-inbox view either way.
          const { headers, email } = await signUp(await ctx(), form);
          return withHeaders({ email }, headers);
        },
        { intent: "signUp", values: { firstName: text("firstName"), lastName: text("lastName"), email: text("email") }, where: "sign-up" },
      );
    case "resend":
      return actionResult(
        async () => {
          await resendVerification(await ctx(), form);
          return { email: text("email") };
        },
        // The auth server's refusals read as the spec's resend failure.
        { intent: "resend", values: { email: text("email") }, texts: { account_failed: de.auth.resendFailed }, where: "resending the verification mail" },
      );
    default:
      return actionResult(
        async () => {
          let headers: Headers;
          try {
            ({ headers } = await signIn(await ctx(), form));
          } catch (error) {
            // A suspended account gets no session, but the page where it can still download its
            // data and delete itself (ADR 023): the right password was shown.
            if (error instanceof SuspendedAccountError) {
              throw redirect(SUSPENDED_ACCOUNT_PATH, { headers: { "Set-Cookie": await grantSuspendedAccess(error.userId) } });
            }
            throw error;
          }
          throw redirect(safeRedirectPath(text("redirectTo"), "/"), { headers });
        },
        { intent: "signIn", values: { email: text("email") }, where: "sign-in" },
      );
  }
}

type ActionData = Route.ComponentProps["actionData"];

/**
 * How a refused sign-in or sign-up shows. A refusal of the form's own checks (a field left empty,
 * a too-short password) shows at its fields only. Anything else — the auth server's refusal, a
 * limit, a failure — is the server's message: in the alert and in a toast, as the spec says.
 */
function refusalOf(answer: { ok: true } | Failure | undefined) {
  if (!answer || answer.ok) return null;
  const ownCheck = answer.reason === "invalid_input";
  const fieldErrors: Record<string, string> = ownCheck ? answer.fieldErrors : {};
  return { reason: answer.reason, alert: ownCheck ? null : answer.message, fieldErrors, values: answer.values ?? {} };
}

interface Inbox {
  email: string;
  /** Right after the sign-up (the spec's success message goes with it). */
  signedUp?: boolean;
  resent?: "ok" | "failed";
  /** Why a resend failed: the spec's resend failure, or when it may be asked for again (over its limit). */
  resendError?: string;
}

/** The check-inbox view: after a sign-up, and after each resend (from it, or from the sign-in tab). */
function inboxOf(actionData: ActionData): Inbox | null {
  if (actionData?.intent === "signUp" && actionData.ok) return { email: actionData.email, signedUp: true };
  if (actionData?.intent !== "resend") return null;
  if (actionData.ok) return { email: actionData.email, resent: "ok" };
  return { email: actionData.values?.email ?? "", resent: "failed", resendError: resendErrorOf(actionData) };
}

/** A resend over its limit says when to try again; any other failure reads as the spec's resend failure. */
function resendErrorOf(failure: Failure): string {
  return failure.reason === "resend_rate_limited" ? failure.message : de.auth.resendFailed;
}

function useActionToasts(actionData: ActionData) {
  useEffect(() => {
    if (!actionData) return;
    if (actionData.intent === "resend") {
      if (actionData.ok) toast.success(de.auth.resent);
      else toast.error(resendErrorOf(actionData));
    } else if (actionData.ok) {
      toast.success(de.auth.signUpSuccessTitle, { description: de.auth.signUpSuccessText });
    } else if (refusalOf(actionData)?.alert) {
      toast.error(actionData.intent === "signIn" ? de.auth.signInFailed : de.auth.signUpFailed, { description: actionData.message });
    }
  }, [actionData]);
}

/** `title`: the toast's title, shown in the alert when there is no toast (a page without JavaScript). */
function ErrorAlert({ message, title }: { message: string; title?: string }) {
  return (
    <Alert variant="destructive">
      <AlertCircle aria-hidden="true" />
      {title && <AlertTitle>{title}</AlertTitle>}
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}

function CheckInbox({ email, signedUp, resent, resendError }: Inbox) {
  const scripted = useHydrated();
  const busy = useNavigation().state === "submitting";
  // The form is replaced by this view: the focus moves to its heading, so that screen readers
  // read where the visitor now is (the toast alone is easy to miss).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
        <MailCheck className="size-7" aria-hidden="true" />
      </span>
      <h1 ref={heading} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
        {de.auth.checkInboxTitle}
      </h1>
      <p className="w-full text-muted-foreground [overflow-wrap:anywhere]">{de.auth.checkInboxText(email)}</p>
      <p className="text-sm text-muted-foreground">{de.auth.checkInboxHint}</p>
      {/* The spec's sign-up success is a toast; without JavaScript the page says it. */}
      {signedUp && !scripted && (
        <Alert variant="success">
          <CheckCircle2 aria-hidden="true" />
          <AlertTitle>{de.auth.signUpSuccessTitle}</AlertTitle>
          <AlertDescription>{de.auth.signUpSuccessText}</AlertDescription>
        </Alert>
      )}
      {resent === "ok" && (
        <Alert variant="success">
          <CheckCircle2 aria-hidden="true" />
          <AlertDescription>{de.auth.resent}</AlertDescription>
        </Alert>
      )}
      {resent === "failed" && <ErrorAlert message={resendError ?? de.auth.resendFailed} />}
      <div className="flex w-full flex-col gap-2 sm:flex-row">
        <Form method="post" className="flex-1">
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="email" value={email} />
          <Button type="submit" variant="outline" className="w-full" disabled={busy}>
            {de.auth.resend}
          </Button>
        </Form>
        <Button asChild className="flex-1">
          <Link to="/auth">{de.auth.back}</Link>
        </Button>
      </div>
    </div>
  );
}

type Tab = "sign-in" | "register";

/** A tab's own address: without JavaScript its trigger is a link there, and the server renders that panel. */
function tabHref(tab: Tab, redirectTo: string): string {
  const params = new URLSearchParams();
  if (tab === "register") params.set("tab", "register");
  if (redirectTo !== "/") params.set("redirectTo", redirectTo);
  const query = params.toString();
  return query ? `/auth?${query}` : "/auth";
}

/** A plain click (no modifier: those open the link elsewhere as links do). */
function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

export default function AuthPage({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const redirectTo = safeRedirectPath(searchParams.get("redirectTo"), "/");
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const tabInUrl: Tab = searchParams.get("tab") === "register" ? "register" : "sign-in";
  const [tab, setTab] = useState<Tab>(actionData?.intent === "signUp" ? "register" : tabInUrl);
  // A link to the other tab's address (the header's "Anmelden", the landing page's call to action) shows that tab.
  const [shownTabInUrl, setShownTabInUrl] = useState(tabInUrl);
  if (shownTabInUrl !== tabInUrl) {
    setShownTabInUrl(tabInUrl);
    setTab(tabInUrl);
  }
  const scripted = useHydrated();
  // The checkbox is the form's own (uncontrolled): one ticked before the scripts ran stays ticked.
  const termsRef = useRef<HTMLInputElement>(null);
  const [termsAccepted, setTermsAccepted] = useState(false);
  useEffect(() => setTermsAccepted(termsRef.current?.checked ?? false), []);
  useActionToasts(actionData);

  /** A tab trigger: a link to the tab's address; with JavaScript a click switches the tab in place. */
  const tabTrigger = (value: Tab, label: string) => (
    <TabsTrigger value={value} asChild>
      <Link
        to={tabHref(value, redirectTo)}
        // Radix gives its trigger type="button": not an attribute of a link.
        type={undefined}
        // Radix's roving focus (Tab reaches the chosen tab, the arrows the others) needs JavaScript;
        // until it runs, each tab is a link of its own in the Tab order.
        {...(scripted ? {} : { tabIndex: 0 })}
        // Radix chooses the tab on mousedown (Shift and Cmd included): a modified click only does what
        // the link does (a new window or tab). Its handler runs after this one and skips a prevented event.
        onMouseDown={(event) => {
          if (!isPlainClick(event)) event.preventDefault();
        }}
        onClick={(event) => {
          if (!isPlainClick(event)) return;
          event.preventDefault();
          setTab(value);
        }}
        // Space chooses the tab as on the button it was (a link would scroll the page instead).
        onKeyDown={(event) => {
          if (event.key !== " ") return;
          event.preventDefault();
          setTab(value);
        }}
      >
        {label}
      </Link>
    </TabsTrigger>
  );

  const inbox = inboxOf(actionData);
  const signInRefusal = refusalOf(outcomeOf(actionData, "signIn"));
  const signUpRefusal = refusalOf(outcomeOf(actionData, "signUp"));

  return (
    <div className="flex flex-1 items-start justify-center bg-muted/30 px-4 py-10 sm:py-16">
      <Card className="w-full max-w-md">
        {inbox ? (
          <CardContent className="pt-6">
            <CheckInbox {...inbox} />
          </CardContent>
        ) : (
          <>
            <CardHeader className="text-center">
              <h1 className="text-2xl font-semibold tracking-tight">{de.auth.cardTitle}</h1>
              <CardDescription>{de.auth.cardDescription}</CardDescription>
            </CardHeader>
            <CardContent>
              <Tabs value={tab} onValueChange={(value) => setTab(value === "register" ? "register" : "sign-in")}>
                <TabsList>
                  {tabTrigger("sign-in", de.auth.tabSignIn)}
                  {tabTrigger("register", de.auth.tabSignUp)}
                </TabsList>

                <TabsContent value="sign-in">
                  <Form method="post" className="grid gap-4" noValidate>
                    <input type="hidden" name="intent" value="signIn" />
                    <input type="hidden" name="redirectTo" value={redirectTo} />
                    {signInRefusal?.alert && <ErrorAlert message={signInRefusal.alert} title={scripted ? undefined : de.auth.signInFailed} />}
                    <FormField
                      id="signin-email"
                      name="email"
                      type="email"
                      label={de.auth.email}
                      placeholder={de.auth.emailPlaceholder}
                      autoComplete="email"
                      required
                      defaultValue={signInRefusal?.values.email}
                      error={signInRefusal?.fieldErrors.email}
                    />
                    <FormField
                      id="signin-password"
                      name="password"
                      type="password"
                      label={de.auth.password}
                      autoComplete="current-password"
                      required
                      error={signInRefusal?.fieldErrors.password}
                    />
                    <div className="-mt-1 text-right">
                      <Link to="/forgot-password" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
                        {de.auth.forgotLink}
                      </Link>
                    </div>
                    <Button type="submit" className="w-full" disabled={submitting === "signIn"}>
                      {submitting === "signIn" ? de.auth.busy : de.auth.signInSubmit}
                    </Button>
                  </Form>
                  {signInRefusal?.reason === "email_not_verified" && (
                    <Form method="post" className="mt-3">
                      <input type="hidden" name="intent" value="resend" />
                      <input type="hidden" name="email" value={signInRefusal.values.email ?? ""} />
                      <Button type="submit" variant="outline" className="w-full">
                        {de.auth.notVerifiedResend}
                      </Button>
                    </Form>
                  )}
                </TabsContent>

                <TabsContent value="register">
                  <Form method="post" className="grid gap-4" noValidate>
                    <input type="hidden" name="intent" value="signUp" />
                    {signUpRefusal?.alert && <ErrorAlert message={signUpRefusal.alert} title={scripted ? undefined : de.auth.signUpFailed} />}
                    <div className="grid gap-4 sm:grid-cols-2">
                      <FormField
                        id="signup-first-name"
                        name="firstName"
                        label={de.auth.firstName}
                        autoComplete="given-name"
                        required
                        maxLength={50}
                        defaultValue={signUpRefusal?.values.firstName}
                        error={signUpRefusal?.fieldErrors.firstName}
                      />
                      <FormField
                        id="signup-last-name"
                        name="lastName"
                        label={de.auth.lastName}
                        autoComplete="family-name"
                        required
                        maxLength={50}
                        defaultValue={signUpRefusal?.values.lastName}
                        error={signUpRefusal?.fieldErrors.lastName}
                      />
                    </div>
                    <FormField
                      id="signup-email"
                      name="email"
                      type="email"
                      label={de.auth.email}
                      placeholder={de.auth.emailPlaceholder}
                      autoComplete="email"
                      required
                      defaultValue={signUpRefusal?.values.email}
                      error={signUpRefusal?.fieldErrors.email}
                    />
                    <FormField
                      id="signup-password"
                      name="password"
                      type="password"
                      label={de.auth.password}
                      autoComplete="new-password"
                      required
                      minLength={PASSWORD_MIN}
                      hint={de.auth.passwordHint}
                      error={signUpRefusal?.fieldErrors.password}
                    />
                    <div className="flex items-start gap-3">
                      <input
                        id="signup-terms"
                        name="terms"
                        type="checkbox"
                        className="mt-0.5 size-4 shrink-0 accent-primary"
                        ref={termsRef}
                        // The inactive tab is unmounted: back on this one, the box shows what was chosen.
                        defaultChecked={termsAccepted}
                        onChange={(event) => setTermsAccepted(event.target.checked)}
                        aria-describedby={signUpRefusal?.fieldErrors.terms ? "signup-terms-error" : undefined}
                        aria-invalid={signUpRefusal?.fieldErrors.terms ? true : undefined}
                      />
                      <label htmlFor="signup-terms" className="text-sm leading-snug">
                        {de.auth.termsBefore}
                        <a href="/terms" target="_blank" rel="noopener" className="font-medium text-primary underline underline-offset-4">
                          {de.auth.termsLink}
                          <span className="sr-only"> {de.auth.newTab}</span>
                        </a>
                        {de.auth.termsBetween}
                        <a href="/privacy" target="_blank" rel="noopener" className="font-medium text-primary underline underline-offset-4">
                          {de.auth.privacyLink}
                          <span className="sr-only"> {de.auth.newTab}</span>
                        </a>
                        {de.auth.termsAfter}
                      </label>
                    </div>
                    {signUpRefusal?.fieldErrors.terms && (
                      <p id="signup-terms-error" className="-mt-2 text-sm font-medium text-destructive">
                        {signUpRefusal.fieldErrors.terms}
                      </p>
                    )}
                    {/* The spec's button waits for the checkbox; the server's never does (without JavaScript
                        nothing would enable it; the server refuses unaccepted terms with the spec's text). */}
                    <Button type="submit" className="w-full" disabled={(scripted && !termsAccepted) || submitting === "signUp"}>
                      {submitting === "signUp" ? de.auth.busy : de.auth.signUpSubmit}
                    </Button>
                  </Form>
                </TabsContent>
              </Tabs>
            </CardContent>
          </>
        )}
      </Card>
    </div>
  );
}
