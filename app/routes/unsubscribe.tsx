import { data, Form, Link, useNavigation } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { AlertCircle, CheckCircle2, MailCheck } from "~/components/ui/icons";
import type { NotificationKind } from "~/features/notifications/kinds";
import { describeUnsubscribe, unsubscribe } from "~/features/notifications/unsubscribe.server";
import { pageMeta } from "~/i18n/de";
import { notificationMailDe as t } from "~/i18n/notification-mail.de";
import { database } from "~/lib/request-context.server";
import { errorResponse } from "~/lib/responses.server";
import type { PolicyHandle } from "~/lib/route-policy";
import type { Route } from "./+types/unsubscribe";

/**
 * One-click unsubscribe (RFC 8058, ADR 020), without signing in: the signed token in the URL
 * names the user and the kind of mail. GET only asks (mail scanners and link previews open links;
 * they must not unsubscribe anyone); POST does it — the page's button, or the mail client's
 * one-click POST (`List-Unsubscribe=One-Click`), which may come from another site: the token, not
 * a cookie, authorises it, so the origin check lets this route's POST through (crossSitePost).
 */
export const handle = { policy: { pageCache: "unaffected", crossSitePost: true } } satisfies PolicyHandle;

type PageState = { state: "confirm"; token: string; kind: NotificationKind } | { state: "done"; kind: NotificationKind } | { state: "invalid" };

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const outcome = await describeUnsubscribe(await database(context), token);
  const page: PageState = !outcome.ok ? { state: "invalid" } : outcome.alreadyOff ? { state: "done", kind: outcome.kind } : { state: "confirm", token, kind: outcome.kind };
  return data(page, { status: outcome.ok ? 200 : 400, headers: NO_STORE });
}

export async function action({ request, context }: Route.ActionArgs) {
  // The token is in the URL (the one-click POST's body is only "List-Unsubscribe=One-Click");
  // the page's form also sends it as a field. The body may be anything: it is not needed.
  let token = new URL(request.url).searchParams.get("token");
  if (!token) {
    const form = await request.formData().catch(() => null);
    const field = form?.get("token");
    token = typeof field === "string" ? field : null;
  }
  try {
    const outcome = await unsubscribe(await database(context), token);
    const page: PageState = outcome.ok ? { state: "done", kind: outcome.kind } : { state: "invalid" };
    return data(page, { status: outcome.ok ? 200 : 400, headers: NO_STORE });
  } catch (error) {
    throw errorResponse(error, "unsubscribe");
  }
}

export function meta() {
  return pageMeta(t.page.title, undefined, { robots: "noindex" });
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const page: PageState = actionData ?? loaderData;
  return (
    <div className="flex flex-1 items-start justify-center bg-muted/30 px-4 py-10 sm:py-16">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl font-semibold tracking-tight">{page.state === "done" ? t.page.doneTitle : t.page.title}</h1>
          {page.state === "confirm" && <CardDescription>{t.page.confirmHint}</CardDescription>}
        </CardHeader>
        <CardContent className="grid gap-4">
          {page.state === "confirm" && (
            <Form method="post" className="grid gap-4">
              <p className="flex items-start gap-3">
                <MailCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                <span>{t.page.confirm(page.kind)}</span>
              </p>
              <input type="hidden" name="token" value={page.token} />
              <Button type="submit" disabled={busy}>
                {busy ? t.page.busy : t.page.submit}
              </Button>
            </Form>
          )}
          {page.state === "done" && (
            <>
              <Alert>
                <CheckCircle2 aria-hidden="true" />
                <AlertTitle>{t.page.done(page.kind)}</AlertTitle>
                <AlertDescription>{t.page.doneHint}</AlertDescription>
              </Alert>
              <Button asChild variant="outline">
                <Link to="/profile">{t.page.toProfile}</Link>
              </Button>
            </>
          )}
          {page.state === "invalid" && (
            <>
              <Alert variant="destructive">
                <AlertCircle aria-hidden="true" />
                <AlertTitle>{t.page.invalidTitle}</AlertTitle>
                <AlertDescription>{t.page.invalid}</AlertDescription>
              </Alert>
              <Button asChild variant="outline">
                <Link to="/">{t.page.toStart}</Link>
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
