import { useRef } from "react";
import { AlertCircle, CheckCircle2 } from "~/components/ui/icons";
import { data, Form, Link, useNavigation } from "react-router";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { getMyDecision, listMyDecisions, objectToDecision, type MyDecision } from "~/features/moderation/decisions.server";
import { OBJECTION_MAX } from "~/features/moderation/schema";
import { pageMeta } from "~/i18n/de";
import { moderationDe as t } from "~/i18n/moderation.de";
import { formatDate } from "~/lib/format";
import { useRefusalFocus, useSuccessFocus } from "~/lib/outcome-focus";
import { readForm } from "~/lib/forms.server";
import { database, optionalUser, requireUser } from "~/lib/request-context.server";
import { actionResult, errorResponse } from "~/lib/responses.server";
import type { PolicyHandle } from "~/lib/route-policy";
import { textAreaClass } from "~/features/moderation/components/field-classes";
import type { Route } from "./+types/decisions";

/** An objection changes nothing a signed-out page shows. */
export const handle = { policy: { pageCache: "unaffected" } } satisfies PolicyHandle;

export function meta() {
  return pageMeta(t.mine.title, undefined, { robots: "noindex" });
}

/**
 * /entscheidungen: the signed-in user's decisions. /entscheidungen/{id}: one, for the user it is
 * about, signed in or with the statement mail's signed link `?t=` (a suspended account cannot sign in).
 */
export async function loader(args: Route.LoaderArgs) {
  const { request, context, params } = args;
  const db = await database(context);
  const token = new URL(request.url).searchParams.get("t");
  if (!params.decisionId) {
    const user = await requireUser(args);
    return { decisions: await listMyDecisions(db, user.id), token: null };
  }
  const viewer = await optionalUser(args);
  try {
    return { decisions: [await getMyDecision(db, { decisionId: params.decisionId, viewerId: viewer?.id ?? null, token })], token };
  } catch (error) {
    throw errorResponse(error, "moderation decision");
  }
}

/** POST: the one objection to a decision (field `objection`, `decisionId`, and `t` when signed out). */
export async function action(args: Route.ActionArgs) {
  const form = await readForm(args.request);
  const viewer = await optionalUser(args);
  const decisionId = args.params.decisionId ?? form.decisionId;
  if (!decisionId) throw data(null, { status: 404 });
  return actionResult(
    async () => {
      await objectToDecision(await database(args.context), { decisionId, viewerId: viewer?.id ?? null, token: form.t, input: form });
      return { decisionId };
    },
    { where: "moderation objection", values: { objection: form.objection ?? "", decisionId } },
  );
}

export default function Decisions({ loaderData, actionData }: Route.ComponentProps) {
  const { decisions, token } = loaderData;
  // A saved objection replaces its form: the focus goes to the confirmation above.
  const saved = useRef<HTMLDivElement>(null);
  useSuccessFocus(saved, actionData);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight">{t.mine.title}</h1>
      <p className="mt-1 text-muted-foreground">{t.mine.intro}</p>
      {actionData?.ok && (
        <Alert ref={saved} tabIndex={-1} variant="success" className="mt-6">
          <CheckCircle2 aria-hidden="true" />
          <AlertDescription>{t.mine.objectedSaved}</AlertDescription>
        </Alert>
      )}
      {decisions.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed px-6 py-12 text-center font-medium">{t.mine.empty}</p>
      ) : (
        <ul className="mt-8 grid gap-4">
          {decisions.map((decision) => (
            <li key={decision.id}>
              <DecisionCard decision={decision} token={token} refusal={actionData && !actionData.ok && actionData.values?.decisionId === decision.id ? actionData : null} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function DecisionCard({
  decision,
  token,
  refusal,
}: {
  decision: MyDecision;
  token: string | null;
  refusal: { message: string; fieldErrors: Record<string, string>; values?: Record<string, string> } | null;
}) {
  const busy = useNavigation().state === "submitting";
  const fieldId = `objection-${decision.id}`;
  const error = refusal?.fieldErrors.objection;
  const form = useRef<HTMLFormElement>(null);
  useRefusalFocus(form, refusal);
  return (
    <article aria-labelledby={`decision-${decision.id}`} className="rounded-xl border bg-card p-4 shadow-xs sm:p-6">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={decision.kind === "restore" ? "secondary" : "destructive"}>{t.decisionKinds[decision.kind]}</Badge>
        <span className="text-sm text-muted-foreground">{t.mine.decidedAt(formatDate(decision.decidedAt, "dateTime"))}</span>
      </div>
      <h2 id={`decision-${decision.id}`} className="mt-2 text-lg font-semibold break-words">
        {t.kinds[decision.itemKind]}: „{decision.itemSummary}“
      </h2>
      <div className="mt-2 whitespace-pre-line break-words text-foreground/90">{decision.statement}</div>
      {decision.itemLink && decision.kind !== "restore" && (
        <Link to={decision.itemLink} className="mt-2 inline-flex min-h-6 items-center text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t.mine.openItem}
        </Link>
      )}
      {decision.objectedAt && <p className="mt-3 text-sm font-medium">{t.mine.objected(formatDate(decision.objectedAt, "dateTime"))}</p>}
      {decision.canObject && (
        <Form ref={form} method="post" action={`/entscheidungen/${decision.id}`} className="mt-4 grid gap-2" noValidate>
          {refusal && !error && (
            <Alert variant="destructive" tabIndex={-1} data-refusal="">
              <AlertCircle aria-hidden="true" />
              <AlertDescription>{refusal.message}</AlertDescription>
            </Alert>
          )}
          {token && <input type="hidden" name="t" value={token} />}
          <Label htmlFor={fieldId}>{t.mine.objectLabel}</Label>
          <textarea
            id={fieldId}
            name="objection"
            rows={4}
            maxLength={OBJECTION_MAX}
            required
            defaultValue={refusal?.values?.objection}
            aria-invalid={error ? true : undefined}
            aria-describedby={[`${fieldId}-hint`, error ? `${fieldId}-error` : null].filter(Boolean).join(" ")}
            className={textAreaClass}
          />
          <p id={`${fieldId}-hint`} className="text-sm text-muted-foreground">
            {t.mine.objectHint(OBJECTION_MAX)}
          </p>
          {error && (
            <p id={`${fieldId}-error`} className="text-sm text-destructive">
              {error}
            </p>
          )}
          <div>
            <Button type="submit" disabled={busy}>
              {t.mine.objectSubmit}
            </Button>
          </div>
        </Form>
      )}
    </article>
  );
}
