import { useRef } from "react";
import { AlertCircle, ArrowLeft } from "~/components/ui/icons";
import { Form, Link, redirect, useNavigation } from "react-router";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { DECISION_GROUNDS } from "~/db/schema/moderation";
import { decide, getCase } from "~/features/moderation/decisions.server";
import { DECISION_REASON_MAX } from "~/features/moderation/schema";
import { pageMeta } from "~/i18n/de";
import { moderationDe as t } from "~/i18n/moderation.de";
import { setFlashToast } from "~/lib/flash.server";
import { formatDate } from "~/lib/format";
import { useRefusalFocus } from "~/lib/outcome-focus";
import { readForm } from "~/lib/forms.server";
import { database, signedInUser } from "~/lib/request-context.server";
import { actionResult, errorResponse } from "~/lib/responses.server";
import { textAreaClass } from "~/features/moderation/components/field-classes";
import type { Route } from "./+types/moderation-case";

export function meta({ data }: Route.MetaArgs) {
  return pageMeta(data ? t.case.title(t.kinds[data.itemKind]) : t.queue.metaTitle, undefined, { robots: "noindex" });
}

/** /moderation/{caseId}: one case for the support role; anyone else: 404. */
export async function loader({ context, params }: Route.LoaderArgs) {
  try {
    return await getCase(await database(context), { actorId: signedInUser(context).id, caseId: params.caseId });
  } catch (error) {
    throw errorResponse(error, "moderation case");
  }
}

/** POST: a decision (kind, ground, reason); it clears the shared page cache (a removal changes public pages). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const actorId = signedInUser(context).id;
  const form = await readForm(request);
  return actionResult(
    async () => {
      await decide(await database(context), { actorId, caseId: params.caseId, input: form });
      const flash = await setFlashToast({ type: "success", title: t.case.saved });
      throw redirect("/moderation", { headers: { "Set-Cookie": flash } });
    },
    { where: "moderation decision", values: { kind: form.kind ?? "", ground: form.ground ?? "", reason: form.reason ?? "" } },
  );
}


export default function ModerationCase({ loaderData, actionData }: Route.ComponentProps) {
  const c = loaderData;
  const busy = useNavigation().state === "submitting";
  const refusal = actionData && !actionData.ok ? actionData : null;
  const errors = refusal?.fieldErrors ?? {};
  const alert = refusal && Object.keys(errors).length === 0 ? refusal.message : null;
  // The ground a decision most likely rests on: the law when a report says the content is illegal.
  const likelyGround = c.reports.some((r) => r.reason === "illegal") ? "law" : "terms";
  const form = useRef<HTMLFormElement>(null);
  // A refused decision puts the focus on what to fix (the first field named, else the message).
  useRefusalFocus(form, refusal);
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <Link to="/moderation" className="inline-flex min-h-6 items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t.case.back}
      </Link>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t.case.title(t.kinds[c.itemKind])}</h1>
        <Badge variant={c.status === "objected" ? "destructive" : c.status === "open" ? "default" : "outline"}>{t.statuses[c.status]}</Badge>
      </div>

      <section aria-labelledby="case-item" className="mt-6 rounded-xl border bg-card p-4 sm:p-6">
        <h2 id="case-item" className="text-lg font-semibold">
          {t.case.itemHeading}
        </h2>
        {c.item ? (
          <div className="mt-3 grid gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <p className="font-medium break-words">{c.item.heading}</p>
              {c.item.removed && <Badge variant="destructive">{t.case.removedNote}</Badge>}
              {c.author?.suspended && <Badge variant="destructive">{t.case.suspendedNote}</Badge>}
            </div>
            {c.item.body && <p className="whitespace-pre-line break-words text-foreground/90">{c.item.body}</p>}
            <p className="text-sm text-muted-foreground">
              {t.case.author}: {c.author?.name ?? t.case.authorGone}
              {c.item.link && c.item.publiclyVisible && c.itemKind !== "message" && (
                <>
                  {" · "}
                  <Link to={c.item.link} className="font-medium text-primary underline-offset-4 hover:underline">
                    {t.mine.openItem}
                  </Link>
                </>
              )}
            </p>
          </div>
        ) : (
          <p className="mt-3 text-muted-foreground">
            {t.case.itemGone} „{c.itemSummary}“
          </p>
        )}
      </section>

      <section aria-labelledby="case-reports" className="mt-6">
        <h2 id="case-reports" className="text-lg font-semibold">
          {t.case.reportsHeading} ({c.reports.length})
        </h2>
        <ul className="mt-3 grid gap-3">
          {c.reports.map((r) => (
            <li key={r.id} className="rounded-lg border p-4">
              <p className="text-sm font-medium">
                {r.reason === "illegal" ? `${t.report.reasonIllegal}: ${t.categories[r.category as keyof typeof t.categories] ?? ""}` : t.report.reasonTerms}
              </p>
              <p className="mt-1 whitespace-pre-line break-words">{r.explanation}</p>
              <p className="mt-1 text-sm text-muted-foreground">
                {t.case.reportBy(r.reporter)} · {formatDate(r.createdAt, "dateTime")}
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="case-history" className="mt-6">
        <h2 id="case-history" className="text-lg font-semibold">
          {t.case.historyHeading}
        </h2>
        {c.decisions.length === 0 && <p className="mt-2 text-muted-foreground">{t.case.historyEmpty}</p>}
        <ol className="mt-3 grid gap-3">
          {c.decisions.map((d) => (
            <li key={d.id} className="rounded-lg border p-4">
              <p className="font-medium">
                {t.decisionKinds[d.kind]} · {t.grounds[d.ground]}
              </p>
              <p className="mt-1 whitespace-pre-line break-words">{d.reason}</p>
              <p className="mt-1 text-sm text-muted-foreground">
                {formatDate(d.decidedAt, "dateTime")} · {d.decidedBy ? t.case.actor(d.decidedBy) : t.case.actorGone}
              </p>
              {d.objection && (
                <div className="mt-3 rounded-md border-l-4 border-destructive bg-muted/40 p-3">
                  <p className="text-sm font-medium">
                    {t.case.objectionBy} · {d.objectedAt ? formatDate(d.objectedAt, "dateTime") : ""}
                  </p>
                  <p className="mt-1 whitespace-pre-line break-words">{d.objection}</p>
                </div>
              )}
            </li>
          ))}
        </ol>
        <details className="mt-4 rounded-lg border p-4">
          <summary className="cursor-pointer font-medium">Audit-Log ({c.audit.length})</summary>
          <ol className="mt-3 grid gap-1 text-sm">
            {c.audit.map((a) => (
              <li key={a.id}>
                <span className="text-muted-foreground">{formatDate(a.createdAt, "dateTime")}</span> · {auditLabel(a.action)} ·{" "}
                {a.actor ? t.case.actor(a.actor) : t.case.actorAnonymous}
                {a.detail && <span className="break-words text-muted-foreground"> – {a.detail}</span>}
              </li>
            ))}
          </ol>
        </details>
      </section>

      {c.allowed.length > 0 && (
        <section aria-labelledby="case-decide" className="mt-6 rounded-xl border bg-card p-4 sm:p-6">
          <h2 id="case-decide" className="text-lg font-semibold">
            {t.case.decideHeading}
          </h2>
          <Form ref={form} method="post" className="mt-4 grid gap-4" noValidate>
            {alert && (
              <Alert variant="destructive" tabIndex={-1} data-refusal="">
                <AlertCircle aria-hidden="true" />
                <AlertDescription>{alert}</AlertDescription>
              </Alert>
            )}
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">{t.case.kindLabel}</legend>
              {c.allowed.map((kind) => (
                <label key={kind} className="flex min-h-6 items-center gap-2 text-sm">
                  <input type="radio" name="kind" value={kind} defaultChecked={refusal?.values?.kind === kind} className="size-5 accent-primary" required />
                  {t.case.options[kind]}
                </label>
              ))}
              {errors.kind && <p className="text-sm text-destructive">{errors.kind}</p>}
            </fieldset>
            {/* Radios, not a select: both grounds stay readable on a phone (the law's label is long). */}
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">{t.case.groundLabel}</legend>
              {DECISION_GROUNDS.map((ground) => (
                <label key={ground} className="flex min-h-6 items-start gap-2 text-sm">
                  <input
                    type="radio"
                    name="ground"
                    value={ground}
                    defaultChecked={(refusal?.values?.ground || likelyGround) === ground}
                    className="mt-0.5 size-5 shrink-0 accent-primary"
                  />
                  {t.grounds[ground]}
                </label>
              ))}
            </fieldset>
            <div className="grid gap-2">
              <Label htmlFor="decision-reason">{t.case.reasonLabel}</Label>
              <textarea
                id="decision-reason"
                name="reason"
                rows={5}
                maxLength={DECISION_REASON_MAX}
                required
                defaultValue={refusal?.values?.reason}
                className={textAreaClass}
                aria-invalid={errors.reason ? true : undefined}
                aria-describedby={["decision-reason-hint", errors.reason ? "decision-reason-error" : null].filter(Boolean).join(" ")}
              />
              <p id="decision-reason-hint" className="text-sm text-muted-foreground">
                {t.case.reasonHint}
              </p>
              {errors.reason && (
                <p id="decision-reason-error" className="text-sm text-destructive">
                  {errors.reason}
                </p>
              )}
            </div>
            <div>
              <Button type="submit" disabled={busy}>
                {t.case.submit}
              </Button>
            </div>
          </Form>
        </section>
      )}
    </div>
  );
}

function auditLabel(action: string): string {
  if (action === "report") return t.case.audit.report;
  if (action === "objection") return t.case.audit.objection;
  const kind = action.replace(/^decision:/, "") as keyof typeof t.decisionKinds;
  return t.case.audit.decision(t.decisionKinds[kind] ?? kind);
}
