import { Download, Loader2, ShieldCheck, Trash2, TriangleAlert } from "~/components/ui/icons";
import { useEffect, useState } from "react";
import { Form, Link, useActionData, useFetcher, useSearchParams } from "react-router";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogTitle, AlertDialogTrigger } from "~/components/ui/dialog";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { de } from "~/i18n/de";
import { outcomeOf } from "~/lib/action-outcome";
import type { action } from "~/routes/profile";
import { DELETE_CONFIRMATION_WORD, PROFILE_DIALOG_PARAM, type ProfileDialog } from "../schema";
import { DeletionRetentionNote } from "./deletion-retention-note";

function fileNameOf(response: Response): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "");
  return match?.[1] ?? "datenexport.json";
}

/** Data Protection and Privacy: the export downloads a JSON file named with the date. */
export function PrivacySection() {
  const [busy, setBusy] = useState(false);

  async function exportData() {
    setBusy(true);
    try {
      const response = await fetch("/profile/export", { headers: { Accept: "application/json" }, cache: "no-store" });
      if (response.status === 429) {
        // An export of this account is under way (another tab): say so, not "failed".
        toast.error(de.profile.privacy.exportFailed, { description: de.profile.privacy.exportRunning });
        return;
      }
      if (!response.ok) throw new Error(`export answered ${response.status}`);
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = fileNameOf(response);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast.success(de.profile.privacy.exported);
    } catch {
      toast.error(de.profile.privacy.exportFailed, { description: de.profile.privacy.exportFailedText });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <h2 id="privacy-heading" className="flex items-center gap-2 text-xl font-semibold">
          <ShieldCheck className="size-5 text-primary" aria-hidden="true" />
          {de.profile.privacy.heading}
        </h2>
        <CardDescription>{de.profile.privacy.text}</CardDescription>
      </CardHeader>
      <CardContent>
        {/*
          Without JavaScript (or before it runs) the button opens /profile/export, which the
          browser saves as the file; with it, the page fetches the file and says so in a toast.
        */}
        <form
          method="get"
          action="/profile/export"
          onSubmit={(event) => {
            event.preventDefault();
            void exportData();
          }}
        >
          <Button type="submit" variant="outline" disabled={busy}>
            {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
            {busy ? de.profile.privacy.exporting : de.profile.privacy.export}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

const DELETE_DIALOG: ProfileDialog = "delete";
/** The delete-account form on the page itself (/profile?dialog=delete). */
const DELETE_PANEL_ID = "konto-loeschen";

/**
 * Danger Zone: deleting the account needs the exact word, here and on the server. With
 * JavaScript "Konto löschen" opens the dialog; without it (or before it runs) the button belongs
 * to a GET form that asks for /profile?dialog=delete, where the server renders the same question
 * with a plain form (DeleteAccountPanel).
 */
export function DangerZone() {
  const fetcher = useFetcher<typeof action>();
  const [word, setWord] = useState("");
  const result = outcomeOf(fetcher.data, "deleteAccount");
  const busy = fetcher.state !== "idle";
  const [params] = useSearchParams();
  // The page's own form was refused (a wrong word): it comes back with its message.
  const posted = outcomeOf(useActionData<typeof action>(), "deleteAccount");
  const refused = posted && !posted.ok ? posted : undefined;

  useEffect(() => {
    // A wrong word is the user's to fix (its text also stands at the field); anything else is ours.
    if (result && !result.ok) toast.error(result.reason === "confirmation_wrong" ? result.message : de.profile.danger.failed);
  }, [result]);

  return (
    <Card className="border-destructive/60">
      <CardHeader>
        <h2 id="danger-heading" className="flex items-center gap-2 text-xl font-semibold text-destructive">
          <TriangleAlert className="size-5" aria-hidden="true" />
          {de.profile.danger.heading}
        </h2>
        <CardDescription>{de.profile.danger.text}</CardDescription>
      </CardHeader>
      <CardContent className="grid justify-items-start gap-4">
        <DeletionRetentionNote className="justify-self-stretch" />
        <AlertDialog onOpenChange={(open) => !open && setWord("")}>
          <form method="get" action={`/profile#${DELETE_PANEL_ID}`} onSubmit={(event) => event.preventDefault()}>
            <input type="hidden" name={PROFILE_DIALOG_PARAM} value={DELETE_DIALOG} />
            <AlertDialogTrigger asChild>
              <Button type="submit" variant="destructive">
                <Trash2 aria-hidden="true" />
                {de.profile.danger.delete}
              </Button>
            </AlertDialogTrigger>
          </form>
          <AlertDialogContent>
            <AlertDialogTitle>{de.profile.danger.dialogTitle}</AlertDialogTitle>
            <AlertDialogDescription asChild>
              <div className="grid gap-2">
                <p>{de.profile.danger.dialogText}</p>
                <p>{de.profile.danger.dialogRetention}</p>
              </div>
            </AlertDialogDescription>
            <fetcher.Form method="post" action="/profile" className="grid gap-4" noValidate>
              <input type="hidden" name="intent" value="deleteAccount" />
              <FormField
                id="delete-confirmation"
                name="confirmation"
                label={de.profile.danger.confirmLabel}
                value={word}
                onChange={(event) => setWord(event.currentTarget.value)}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                error={result && !result.ok ? result.fieldErrors.confirmation : undefined}
              />
              <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
                <AlertDialogCancel type="button">{de.profile.danger.cancel}</AlertDialogCancel>
                <Button type="submit" variant="destructive" disabled={busy || word !== DELETE_CONFIRMATION_WORD}>
                  {busy ? de.profile.danger.deleting : de.profile.danger.confirm}
                </Button>
              </div>
            </fetcher.Form>
          </AlertDialogContent>
        </AlertDialog>
        {(params.get(PROFILE_DIALOG_PARAM) === DELETE_DIALOG || refused) && <DeleteAccountPanel refused={refused} />}
      </CardContent>
    </Card>
  );
}

/**
 * The delete question on the page itself (/profile?dialog=delete, or after its refusal): a plain
 * post that works without JavaScript. The server deletes only with the exact word (as the
 * dialog); a wrong one comes back here with its message, nothing deleted.
 */
function DeleteAccountPanel({ refused }: { refused?: { message: string; fieldErrors: Record<string, string> } }) {
  const error = refused ? (refused.fieldErrors.confirmation ?? refused.message) : undefined;
  return (
    <section
      id={DELETE_PANEL_ID}
      aria-labelledby={`${DELETE_PANEL_ID}-heading`}
      aria-describedby={`${DELETE_PANEL_ID}-text`}
      className="grid scroll-mt-20 gap-4 justify-self-stretch rounded-lg border border-destructive/60 p-4"
    >
      <h3 id={`${DELETE_PANEL_ID}-heading`} className="text-lg font-semibold">
        {de.profile.danger.dialogTitle}
      </h3>
      <div id={`${DELETE_PANEL_ID}-text`} className="grid gap-2 text-sm text-muted-foreground">
        <p>{de.profile.danger.dialogText}</p>
        <p>{de.profile.danger.dialogRetention}</p>
      </div>
      <Form method="post" action="/profile" className="grid gap-4" noValidate>
        <input type="hidden" name="intent" value="deleteAccount" />
        <FormField
          id="delete-confirmation-page"
          name="confirmation"
          label={de.profile.danger.confirmLabel}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={error}
        />
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button asChild variant="outline">
            <Link to="/profile">{de.profile.danger.cancel}</Link>
          </Button>
          <Button type="submit" variant="destructive">
            {de.profile.danger.confirm}
          </Button>
        </div>
      </Form>
    </section>
  );
}
