import { AlertCircle, CheckCircle2 } from "~/components/ui/icons";
import { Form, Link, useNavigation } from "react-router";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { accountsContext, requestPasswordReset } from "~/features/auth/accounts.server";
import { de, pageMeta } from "~/i18n/de";
import { readForm } from "~/lib/forms.server";
import { actionResult } from "~/lib/responses.server";
import type { Route } from "./+types/forgot-password";

export function meta() {
  return pageMeta(de.pages.forgotPassword);
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  return actionResult(async () => requestPasswordReset(await accountsContext(request), form), {
    values: { email: form.email ?? "" },
    where: "password reset request",
  });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const refusal = actionData && !actionData.ok ? actionData : null;
  // A field's refusal shows at the field; anything else in the alert (a failure with the spec's fallback).
  const alert = refusal && !refusal.fieldErrors.email ? (refusal.reason === "unexpected" ? de.forgotPassword.failed : refusal.message) : null;
  return (
    <div className="flex flex-1 items-start justify-center bg-muted/30 px-4 py-10 sm:py-16">
      <Card className="w-full max-w-md">
        {actionData?.ok ? (
          <>
            <CardHeader>
              <h1 className="text-2xl font-semibold tracking-tight">{de.forgotPassword.sentTitle}</h1>
            </CardHeader>
            <CardContent className="grid gap-4">
              <Alert variant="success">
                <CheckCircle2 aria-hidden="true" />
                <AlertDescription>{de.forgotPassword.sentAlert}</AlertDescription>
              </Alert>
              <p className="text-sm text-muted-foreground">{de.forgotPassword.sentText(actionData.email)}</p>
              <Form method="post">
                <input type="hidden" name="email" value={actionData.email} />
                <Button type="submit" variant="outline" className="w-full" disabled={busy}>
                  {de.forgotPassword.resend}
                </Button>
              </Form>
              <Link to="/auth" className="text-center text-sm font-medium text-primary underline-offset-4 hover:underline">
                {de.forgotPassword.backToAuth}
              </Link>
            </CardContent>
          </>
        ) : (
          <>
            <CardHeader>
              <h1 className="text-2xl font-semibold tracking-tight">{de.forgotPassword.title}</h1>
              <CardDescription>{de.forgotPassword.description}</CardDescription>
            </CardHeader>
            <CardContent>
              <Form method="post" className="grid gap-4" noValidate>
                {alert && (
                  <Alert variant="destructive">
                    <AlertCircle aria-hidden="true" />
                    <AlertDescription>{alert}</AlertDescription>
                  </Alert>
                )}
                <FormField
                  id="forgot-email"
                  name="email"
                  type="email"
                  label={de.auth.email}
                  placeholder={de.auth.emailPlaceholder}
                  autoComplete="email"
                  required
                  defaultValue={refusal?.values?.email}
                  error={refusal?.fieldErrors.email}
                />
                <Button type="submit" className="w-full" disabled={busy}>
                  {busy ? de.auth.busy : de.forgotPassword.submit}
                </Button>
                <Link to="/auth" className="text-center text-sm font-medium text-primary underline-offset-4 hover:underline">
                  {de.forgotPassword.backToAuth}
                </Link>
              </Form>
            </CardContent>
          </>
        )}
      </Card>
    </div>
  );
}
