import { AlertCircle, Download, UserX } from "~/components/ui/icons";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { listMyDecisions, decisionPath } from "~/features/moderation/decisions.server";
import { SUSPENDED_ACCESS_MINUTES, SUSPENDED_ACCOUNT_PATH } from "~/features/moderation/suspended-access";
import { endSuspendedAccess, suspendedAccessOf } from "~/features/moderation/suspended-access.server";
import { DeletionRetentionNote } from "~/features/profile/components/deletion-retention-note";
import { deleteAccount } from "~/features/profile/delete-account.server";
import { de, pageMeta } from "~/i18n/de";
import { suspendedAccountDe as t } from "~/i18n/suspended-account.de";
import { setFlashToast } from "~/lib/flash.server";
import { formatDate } from "~/lib/format";
import { readForm } from "~/lib/forms.server";
import { database, optionalUser } from "~/lib/request-context.server";
import { actionResult } from "~/lib/responses.server";
import { getStorage } from "~/lib/storage.server";
import type { Route } from "./+types/suspended-account";

/** Personal, and reached with a short-lived access: kept nowhere. */
const NO_STORE = { "Cache-Control": "no-store" };

export function headers() {
  return NO_STORE;
}

export function meta({ data }: Route.MetaArgs) {
  // A signed-in account is not suspended: the tab should not say it is.
  return pageMeta(data?.state === "signed_in" ? t.signedIn.title : t.pageTitle, undefined, { robots: "noindex" });
}

/**
 * /konto-gesperrt: a suspended account's data rights (ADR 023). Reached from the sign-in form with
 * the right password, which grants a short access here instead of a session
 * (suspended-access.server.ts); without it the page says how to get it. A signed-in visitor is
 * told that the account is not suspended (a suspended account has no session).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = await database(context);
  const access = await suspendedAccessOf(db, request);
  if (access.state !== "suspended") {
    const state = (await optionalUser({ request, context })) ? "signed_in" : access.state;
    return data({ state, decisions: [] }, { headers: NO_STORE });
  }
  // The statements' own signed links: this page is no session, so the decision page needs them.
  const decisions = (await listMyDecisions(db, access.userId)).map((decision) => ({
    id: decision.id,
    decidedAt: decision.decidedAt,
    canObject: decision.canObject,
    href: decisionPath(decision.id, access.userId),
  }));
  return data({ state: access.state, decisions }, { headers: NO_STORE });
}

/** POST: `delete` (with the confirmation word) or `end` (closes the access). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const db = await database(context);
  if (form.intent === "end") throw redirect("/", { headers: { "Set-Cookie": await endSuspendedAccess() } });
  if (form.intent !== "delete") throw data(null, { status: 400 });
  return actionResult(
    async () => {
      const access = await suspendedAccessOf(db, request);
      // Without the access (expired, or the suspension was lifted meanwhile) the page shows why.
      if (access.state !== "suspended") throw redirect(SUSPENDED_ACCOUNT_PATH);
      await deleteAccount(db, getStorage(), { actorId: access.userId, input: form });
      const headers = new Headers();
      headers.append("Set-Cookie", await endSuspendedAccess());
      headers.append("Set-Cookie", await setFlashToast({ type: "success", title: de.profile.danger.deleted, description: de.profile.danger.deletedText }));
      throw redirect("/", { headers });
    },
    { intent: "delete", where: "deleting a suspended account" },
  );
}

export default function SuspendedAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { state, decisions } = loaderData;
  const deleting = useNavigation().formData?.get("intent") === "delete";
  if (state !== "suspended") {
    const text = state === "signed_in" ? t.signedIn : state === "lifted" ? t.lifted : t.none;
    return (
      <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-10">
        <h1 className="text-3xl font-bold tracking-tight">{text.title}</h1>
        <p className="mt-2 text-muted-foreground">{text.text}</p>
        <Button asChild className="mt-6">
          <Link to={state === "signed_in" ? "/dashboard" : "/auth"}>{text.link}</Link>
        </Button>
      </div>
    );
  }
  const refusal = actionData && !actionData.ok ? actionData : null;
  const confirmError = refusal?.fieldErrors.confirmation;
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight">{t.title}</h1>
      <p className="mt-2">{t.intro}</p>
      <p className="mt-2 text-muted-foreground">{t.rights}</p>

      {decisions.length > 0 && (
        <section aria-labelledby="suspended-decisions" className="mt-8">
          <h2 id="suspended-decisions" className="text-xl font-semibold">
            {t.decisions.heading}
          </h2>
          <ul className="mt-3 grid gap-2">
            {decisions.map((decision) => (
              <li key={decision.id}>
                <Link to={decision.href} className="inline-flex min-h-6 items-center font-medium text-primary underline underline-offset-4">
                  {(decision.canObject ? t.decisions.open : t.decisions.read)(formatDate(decision.decidedAt, "dateTime"))}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="suspended-data" className="mt-8 rounded-xl border bg-card p-4 shadow-xs sm:p-6">
        <h2 id="suspended-data" className="text-xl font-semibold">
          {t.data.heading}
        </h2>
        <p className="mt-1 text-muted-foreground">{t.data.text}</p>
        <Button asChild variant="outline" className="mt-4">
          {/* A download: a plain link, not a client navigation. */}
          <a href={`${SUSPENDED_ACCOUNT_PATH}/export`} download>
            <Download aria-hidden="true" />
            {t.data.download}
          </a>
        </Button>
      </section>

      <section aria-labelledby="suspended-delete" className="mt-6 rounded-xl border border-destructive/40 bg-card p-4 shadow-xs sm:p-6">
        <h2 id="suspended-delete" className="text-xl font-semibold">
          {t.remove.heading}
        </h2>
        <p className="mt-1 text-muted-foreground">{de.profile.danger.text}</p>
        <DeletionRetentionNote className="mt-4" />
        <Form method="post" className="mt-4 grid gap-4" noValidate>
          <input type="hidden" name="intent" value="delete" />
          {refusal && !confirmError && (
            <Alert variant="destructive">
              <AlertCircle aria-hidden="true" />
              <AlertDescription>{refusal.message}</AlertDescription>
            </Alert>
          )}
          <FormField id="suspended-confirmation" name="confirmation" label={de.profile.danger.confirmLabel} autoComplete="off" required error={confirmError} />
          <Button type="submit" variant="destructive" disabled={deleting} className="justify-self-start">
            <UserX aria-hidden="true" />
            {deleting ? t.remove.busy : t.remove.submit}
          </Button>
        </Form>
      </section>

      <Form method="post" className="mt-8 flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="end" />
        <p className="text-sm text-muted-foreground">{t.end.text(SUSPENDED_ACCESS_MINUTES)}</p>
        <Button type="submit" variant="secondary">
          {t.end.submit}
        </Button>
      </Form>
    </div>
  );
}
