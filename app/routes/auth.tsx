import { AlertCircle, CheckCircle2, MailCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { toast } from "sonner";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { accountsContext, resendVerification, signIn, signUp } from "~/features/auth/accounts.server";
import { PASSWORD_MIN } from "~/features/auth/schema";
import { de, pageMeta } from "~/i18n/de";
import { readForm } from "~/lib/forms.server";
import { optionalUser } from "~/lib/request-context.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import type { Route } from "./+types/auth";

export async function loader(args: Route.LoaderArgs) {
  if (await optionalUser(args)) throw redirect("/");
  return null;
}

export function meta() {
  return pageMeta(de.pages.auth);
}

type ActionData =
  | { intent: "signIn"; error: string; code?: string; fieldErrors?: Record<string, string>; email: string }
  | { intent: "signUp"; error: string; fieldErrors?: Record<string, string>; values: Record<string, string> }
  | { intent: "checkInbox"; email: string; resent?: "ok" | "failed"; message?: string };

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const text = (key: string) => form[key] ?? "";
  const ctx = await accountsContext(request);

  if (form.intent === "signUp") {
    const result = await signUp(ctx, form);
    if (!result.ok) {
      const values = { firstName: text("firstName"), lastName: text("lastName"), email: text("email") };
      return data<ActionData>({ intent: "signUp", error: result.message, fieldErrors: result.fieldErrors, values }, { status: result.status });
    }
    return data<ActionData>({ intent: "checkInbox", email: result.data.email }, { headers: result.headers });
  }

  if (form.intent === "resend") {
    const result = await resendVerification(ctx, form);
    return data<ActionData>(
      { intent: "checkInbox", email: text("email"), resent: result.ok ? "ok" : "failed", message: result.ok ? undefined : result.message },
      { status: result.ok ? 200 : result.status },
    );
  }

  const result = await signIn(ctx, form);
  if (!result.ok) {
    return data<ActionData>(
      { intent: "signIn", error: result.message, code: result.code, fieldErrors: result.fieldErrors, email: text("email") },
      { status: result.status },
    );
  }
  throw redirect(safeRedirectPath(text("redirectTo"), "/"), { headers: result.headers });
}

function useActionToasts(actionData: ActionData | undefined) {
  useEffect(() => {
    if (!actionData) return;
    if (actionData.intent === "signIn") toast.error(de.auth.signInFailed, { description: actionData.error });
    else if (actionData.intent === "signUp") toast.error(de.auth.signUpFailed, { description: actionData.error });
    else if (actionData.resent === "failed") toast.error(de.auth.resendFailed);
    else if (actionData.resent === "ok") toast.success(de.auth.resent);
    else toast.success(de.auth.signUpSuccessTitle, { description: de.auth.signUpSuccessText });
  }, [actionData]);
}

function ErrorAlert({ message }: { message: string }) {
  return (
    <Alert variant="destructive">
      <AlertCircle aria-hidden="true" />
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}

function CheckInbox({ email, resent }: { email: string; resent?: "ok" | "failed" }) {
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
      <p className="break-words text-muted-foreground [overflow-wrap:anywhere]">{de.auth.checkInboxText(email)}</p>
      <p className="text-sm text-muted-foreground">{de.auth.checkInboxHint}</p>
      {resent === "ok" && (
        <Alert variant="success">
          <CheckCircle2 aria-hidden="true" />
          <AlertDescription>{de.auth.resent}</AlertDescription>
        </Alert>
      )}
      {resent === "failed" && <ErrorAlert message={de.auth.resendFailed} />}
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

export default function AuthPage({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const redirectTo = safeRedirectPath(searchParams.get("redirectTo"), "/");
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const [tab, setTab] = useState(actionData?.intent === "signUp" || searchParams.get("tab") === "register" ? "register" : "sign-in");
  const [termsAccepted, setTermsAccepted] = useState(false);
  useActionToasts(actionData);

  const signInError = actionData?.intent === "signIn" ? actionData : null;
  const signUpError = actionData?.intent === "signUp" ? actionData : null;

  return (
    <div className="flex flex-1 items-start justify-center bg-muted/30 px-4 py-10 sm:py-16">
      <Card className="w-full max-w-md">
        {actionData?.intent === "checkInbox" ? (
          <CardContent className="pt-6">
            <CheckInbox email={actionData.email} resent={actionData.resent} />
          </CardContent>
        ) : (
          <>
            <CardHeader className="text-center">
              <h1 className="text-2xl font-semibold tracking-tight">{de.auth.cardTitle}</h1>
              <CardDescription>{de.auth.cardDescription}</CardDescription>
            </CardHeader>
            <CardContent>
              <Tabs value={tab} onValueChange={setTab}>
                <TabsList>
                  <TabsTrigger value="sign-in">{de.auth.tabSignIn}</TabsTrigger>
                  <TabsTrigger value="register">{de.auth.tabSignUp}</TabsTrigger>
                </TabsList>

                <TabsContent value="sign-in">
                  <Form method="post" className="grid gap-4" noValidate>
                    <input type="hidden" name="intent" value="signIn" />
                    <input type="hidden" name="redirectTo" value={redirectTo} />
                    {signInError && <ErrorAlert message={signInError.error} />}
                    <FormField
                      id="signin-email"
                      name="email"
                      type="email"
                      label={de.auth.email}
                      placeholder={de.auth.emailPlaceholder}
                      autoComplete="email"
                      required
                      defaultValue={signInError?.email}
                      error={signInError?.fieldErrors?.email}
                    />
                    <FormField
                      id="signin-password"
                      name="password"
                      type="password"
                      label={de.auth.password}
                      autoComplete="current-password"
                      required
                      error={signInError?.fieldErrors?.password}
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
                  {signInError?.code === "EMAIL_NOT_VERIFIED" && (
                    <Form method="post" className="mt-3">
                      <input type="hidden" name="intent" value="resend" />
                      <input type="hidden" name="email" value={signInError.email} />
                      <Button type="submit" variant="outline" className="w-full">
                        {de.auth.notVerifiedResend}
                      </Button>
                    </Form>
                  )}
                </TabsContent>

                <TabsContent value="register">
                  <Form method="post" className="grid gap-4" noValidate>
                    <input type="hidden" name="intent" value="signUp" />
                    {signUpError && <ErrorAlert message={signUpError.error} />}
                    <div className="grid gap-4 sm:grid-cols-2">
                      <FormField
                        id="signup-first-name"
                        name="firstName"
                        label={de.auth.firstName}
                        autoComplete="given-name"
                        required
                        maxLength={50}
                        defaultValue={signUpError?.values.firstName}
                        error={signUpError?.fieldErrors?.firstName}
                      />
                      <FormField
                        id="signup-last-name"
                        name="lastName"
                        label={de.auth.lastName}
                        autoComplete="family-name"
                        required
                        maxLength={50}
                        defaultValue={signUpError?.values.lastName}
                        error={signUpError?.fieldErrors?.lastName}
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
                      defaultValue={signUpError?.values.email}
                      error={signUpError?.fieldErrors?.email}
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
                      error={signUpError?.fieldErrors?.password}
                    />
                    <div className="flex items-start gap-3">
                      <input
                        id="signup-terms"
                        name="terms"
                        type="checkbox"
                        className="mt-0.5 size-4 shrink-0 accent-primary"
                        checked={termsAccepted}
                        onChange={(event) => setTermsAccepted(event.target.checked)}
                        aria-describedby={signUpError?.fieldErrors?.terms ? "signup-terms-error" : undefined}
                        aria-invalid={signUpError?.fieldErrors?.terms ? true : undefined}
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
                    {signUpError?.fieldErrors?.terms && (
                      <p id="signup-terms-error" className="-mt-2 text-sm font-medium text-destructive">
                        {signUpError.fieldErrors.terms}
                      </p>
                    )}
                    <Button type="submit" className="w-full" disabled={!termsAccepted || submitting === "signUp"}>
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
