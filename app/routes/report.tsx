import { useRef } from "react";
import { AlertCircle, CheckCircle2 } from "~/components/ui/icons";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { Label } from "~/components/ui/label";
import { CLIENT_IP_HEADER } from "~/features/auth/auth.server";
import { isReportItemKind, reportableItem } from "~/features/moderation/items.server";
import { reportClientKey, submitReport } from "~/features/moderation/reports.server";
import { REPORT_EXPLANATION_MAX, REPORTER_NAME_MAX } from "~/features/moderation/schema";
import { ILLEGAL_CATEGORIES } from "~/db/schema/moderation";
import { pageMeta } from "~/i18n/de";
import { moderationDe as t } from "~/i18n/moderation.de";
import { readForm } from "~/lib/forms.server";
import { useRefusalFocus, useSuccessFocus } from "~/lib/outcome-focus";
import { database, optionalUser, signInPath } from "~/lib/request-context.server";
import { actionResult } from "~/lib/responses.server";
import type { PolicyHandle } from "~/lib/route-policy";
import { selectClass, textAreaClass } from "~/features/moderation/components/field-classes";
import type { Route } from "./+types/report";

/** A report changes nothing a signed-out page shows: posting one keeps the shared page cache. */
export const handle = { policy: { pageCache: "unaffected" } } satisfies PolicyHandle;

export function meta() {
  return pageMeta(t.report.title, t.report.metaDescription, { robots: "noindex" });
}

/** `/melden?art=<service|review|comment|profile|message>&id=<id>`: what is reported, or 404. */
export async function loader(args: Route.LoaderArgs) {
  const params = new URL(args.request.url).searchParams;
  const kind = params.get("art");
  if (!isReportItemKind(kind)) throw data(null, { status: 404 });
  const user = await optionalUser(args);
  const item = await reportableItem(await database(args.context), kind, params.get("id"), user?.id ?? null);
  if (!item) {
    // A message is reported by its recipient only: signed out, the way leads to the sign-in first.
    if (kind === "message" && !user) throw redirect(signInPath(args.request));
    throw data(null, { status: 404 });
  }
  return {
    kind,
    item: { id: item.id, summary: item.summary, heading: item.heading, link: item.link },
    signedIn: Boolean(user),
  };
}

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const form = await readForm(request);
  const params = new URL(request.url).searchParams;
  const kind = params.get("art");
  if (!isReportItemKind(kind)) throw data(null, { status: 404 });
  const user = await optionalUser(args);
  const db = await database(args.context);
  const clientKey = reportClientKey(request.headers.get(CLIENT_IP_HEADER) ?? "");
  const values = { reason: form.reason ?? "", category: form.category ?? "", explanation: form.explanation ?? "", name: form.name ?? "", email: form.email ?? "" };
  return actionResult(() => submitReport(db, { actorId: user?.id ?? null, kind, itemId: params.get("id"), input: form, clientKey }), {
    values,
    where: "report",
  });
}


export default function Report({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, item, signedIn } = loaderData;
  const busy = useNavigation().state === "submitting";
  const refusal = actionData && !actionData.ok ? actionData : null;
  const errors = refusal?.fieldErrors ?? {};
  const alert = refusal && Object.keys(errors).length === 0 ? refusal.message : null;
  const values = refusal?.values ?? {};
  const form = useRef<HTMLFormElement>(null);
  const sent = useRef<HTMLHeadingElement>(null);
  useRefusalFocus(form, refusal);
  useSuccessFocus(sent, actionData);
  return (
    <div className="flex flex-1 items-start justify-center bg-muted/30 px-4 py-10 sm:py-16">
      <Card className="w-full max-w-xl">
        {actionData?.ok ? (
          <>
            <CardHeader>
              <h1 ref={sent} tabIndex={-1} className="text-2xl font-semibold tracking-tight outline-none">
                {t.report.sent}
              </h1>
            </CardHeader>
            <CardContent className="grid gap-4">
              <Alert variant="success">
                <CheckCircle2 aria-hidden="true" />
                <AlertDescription>
                  {t.report.sentText} {actionData.mailed ? t.report.sentMail : null}
                </AlertDescription>
              </Alert>
              {item.link && (
                <Link to={item.link} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
                  {t.report.backToItem}
                </Link>
              )}
            </CardContent>
          </>
        ) : (
          <>
            <CardHeader>
              <h1 className="text-2xl font-semibold tracking-tight">{t.report.title}</h1>
              <CardDescription>{t.report.intro}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-6">
              <section aria-labelledby="report-item-heading" className="rounded-lg border bg-muted/40 p-4">
                <h2 id="report-item-heading" className="text-sm font-medium text-muted-foreground">
                  {t.report.itemHeading}: {t.kinds[kind]}
                </h2>
                <p className="mt-1 font-medium break-words">{item.summary || item.heading}</p>
              </section>
              <Form ref={form} method="post" className="grid gap-5" noValidate>
                {alert && (
                  <Alert variant="destructive" tabIndex={-1} data-refusal="">
                    <AlertCircle aria-hidden="true" />
                    <AlertDescription>{alert}</AlertDescription>
                  </Alert>
                )}
                <fieldset className="grid gap-2" aria-describedby={errors.reason ? "report-reason-error" : undefined}>
                  <legend className="mb-1 text-sm font-medium">{t.report.reasonLegend}</legend>
                  {(["illegal", "terms"] as const).map((reason) => (
                    <label key={reason} className="flex min-h-6 items-center gap-2 text-sm">
                      <input type="radio" name="reason" value={reason} defaultChecked={values.reason === reason} className="size-5 accent-primary" required />
                      {reason === "illegal" ? t.report.reasonIllegal : t.report.reasonTerms}
                    </label>
                  ))}
                  {errors.reason && (
                    <p id="report-reason-error" className="text-sm text-destructive">
                      {errors.reason}
                    </p>
                  )}
                </fieldset>
                <div className="grid gap-2">
                  <Label htmlFor="report-category">{t.report.categoryLabel}</Label>
                  <select
                    id="report-category"
                    name="category"
                    defaultValue={values.category ?? ""}
                    className={selectClass}
                    aria-invalid={errors.category ? true : undefined}
                    aria-describedby={errors.category ? "report-category-error" : undefined}
                  >
                    <option value="">{t.report.categoryPlaceholder}</option>
                    {ILLEGAL_CATEGORIES.map((category) => (
                      <option key={category} value={category}>
                        {t.categories[category]}
                      </option>
                    ))}
                  </select>
                  {errors.category && (
                    <p id="report-category-error" className="text-sm text-destructive">
                      {errors.category}
                    </p>
                  )}
                </div>
                <div className="grid gap-2">
                  <Label htmlFor="report-explanation">{t.report.explanationLabel}</Label>
                  <textarea
                    id="report-explanation"
                    name="explanation"
                    rows={6}
                    maxLength={REPORT_EXPLANATION_MAX}
                    required
                    defaultValue={values.explanation}
                    className={textAreaClass}
                    aria-invalid={errors.explanation ? true : undefined}
                    aria-describedby={["report-explanation-hint", errors.explanation ? "report-explanation-error" : null].filter(Boolean).join(" ")}
                  />
                  <p id="report-explanation-hint" className="text-sm text-muted-foreground">
                    {t.report.explanationHint(REPORT_EXPLANATION_MAX)}
                  </p>
                  {errors.explanation && (
                    <p id="report-explanation-error" className="text-sm text-destructive">
                      {errors.explanation}
                    </p>
                  )}
                </div>
                {!signedIn && (
                  <div className="grid gap-4 sm:grid-cols-2">
                    <FormField id="report-name" name="name" label={t.report.nameLabel} autoComplete="name" maxLength={REPORTER_NAME_MAX} defaultValue={values.name} error={errors.name} />
                    <FormField
                      id="report-email"
                      name="email"
                      type="email"
                      label={t.report.emailLabel}
                      autoComplete="email"
                      defaultValue={values.email}
                      error={errors.email}
                    />
                    <p className="text-sm text-muted-foreground sm:col-span-2">{t.report.contactHint}</p>
                  </div>
                )}
                <p className="text-sm text-muted-foreground">{t.report.goodFaith}</p>
                <div className="flex flex-wrap items-center gap-3">
                  <Button type="submit" disabled={busy}>
                    {t.report.submit}
                  </Button>
                  {item.link && (
                    <Link to={item.link} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
                      {t.report.back}
                    </Link>
                  )}
                </div>
              </Form>
            </CardContent>
          </>
        )}
      </Card>
    </div>
  );
}
