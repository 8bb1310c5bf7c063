import { AlertCircle } from "~/components/ui/icons";
import { Form, Link, redirect, useNavigation } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { accountsContext, isResetTokenValid, resetPassword } from "~/features/auth/accounts.server";
import { PASSWORD_MIN } from "~/features/auth/schema";
import { de, pageMeta } from "~/i18n/de";
import { readForm } from "~/lib/forms.server";
import { setFlashToast } from "~/lib/flash.server";
import { database } from "~/lib/request-context.server";
import { actionResult } from "~/lib/responses.server";
import type { Route } from "./+types/reset-password";

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const db = await database(context);
  return { token, valid: token !== "" && (await isResetTokenValid(db, token)) };
}

export function meta() {
  return pageMeta(de.pages.resetPassword, undefined, { robots: "noindex" });
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  return actionResult(
    async () => {
      await resetPassword(await accountsContext(request), form);
      const flash = await setFlashToast({ type: "success", title: de.resetPassword.updated, description: de.resetPassword.updatedText });
      throw redirect("/auth", { headers: { "Set-Cookie": flash } });
    },
    // Should the auth server refuse the length, it reads like the form's own check (the spec's words).
    { texts: { password_too_short: de.resetPassword.tooShort, password_too_long: de.resetPassword.tooLong }, where: "password reset" },
  );
}

function InvalidLink() {
  return (
    <CardContent className="grid gap-4">
      <Alert variant="destructive">
        <AlertCircle aria-hidden="true" />
        <AlertTitle>{de.resetPassword.invalidLinkTitle}</AlertTitle>
        <AlertDescription>{de.resetPassword.invalidLink}</AlertDescription>
      </Alert>
      <Button asChild>
        <Link to="/forgot-password">{de.resetPassword.requestNew}</Link>
      </Button>
    </CardContent>
  );
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const refusal = actionData && !actionData.ok ? actionData : null;
  const invalid = !loaderData.valid || refusal?.reason === "reset_link_invalid";
  return (
    <div className="flex flex-1 items-start justify-center bg-muted/30 px-4 py-10 sm:py-16">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl font-semibold tracking-tight">{de.resetPassword.title}</h1>
          {!invalid && <CardDescription>{de.resetPassword.description}</CardDescription>}
        </CardHeader>
        {invalid ? (
          <InvalidLink />
        ) : (
          <CardContent>
            <Form method="post" className="grid gap-4" noValidate>
              <input type="hidden" name="token" value={loaderData.token} />
              {refusal && Object.keys(refusal.fieldErrors).length === 0 && (
                <Alert variant="destructive">
                  <AlertCircle aria-hidden="true" />
                  <AlertDescription>{refusal.message}</AlertDescription>
                </Alert>
              )}
              <FormField
                id="reset-password"
                name="password"
                type="password"
                label={de.resetPassword.newPassword}
                autoComplete="new-password"
                required
                minLength={PASSWORD_MIN}
                error={refusal?.fieldErrors.password}
              />
              <FormField
                id="reset-confirm"
                name="confirmPassword"
                type="password"
                label={de.resetPassword.confirmPassword}
                autoComplete="new-password"
                required
                error={refusal?.fieldErrors.confirmPassword}
              />
              <Button type="submit" className="w-full" disabled={busy}>
                {busy ? de.auth.busy : de.resetPassword.submit}
              </Button>
            </Form>
          </CardContent>
        )}
      </Card>
    </div>
  );
}
