import { Plus } from "~/components/ui/icons";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import { formToasts } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { Label } from "~/components/ui/label";
import { de } from "~/i18n/de";
import { outcomeOf } from "~/lib/action-outcome";
import type { action } from "~/routes/support";
import { DESCRIPTION_MAX, SUBJECT_MAX } from "../schema";
import { chosenFile, FILE_REASONS, localFileError, TicketFileField } from "./ticket-file-field";

const ticketToast = formToasts("support-ticket-answer");

/** /support?neu: the page with the new-ticket form open (how "Neues Ticket" works without JavaScript). */
export const NEW_TICKET_PARAM = "neu";
/** The page's own form, which the server answers with a redirect (the dialog's fetcher gets data). */
export const NEW_TICKET_PANEL_ID = "neues-ticket";

type Errors = Partial<Record<"subject" | "description" | "file", string>>;

/** A refusal's messages at their fields: a file's reasons at the file field. */
function refusalErrors(refused: { reason: string; message: string; fieldErrors: Record<string, string> } | undefined): Errors {
  if (!refused) return {};
  return FILE_REASONS.has(refused.reason) ? { file: refused.message } : refused.fieldErrors;
}

/**
 * Subject, description and an optional file (by a reply's rules), in the dialog and in the page's
 * own form. The fields come before the file, so the server reads them before the file's bytes.
 */
function TicketFields({
  idPrefix,
  errors,
  values,
  onFileError,
}: {
  idPrefix: string;
  errors: Errors;
  values?: Record<string, string>;
  /** A chosen file's own message (too large), or undefined when it is fine or removed. */
  onFileError?: (message: string | undefined) => void;
}) {
  const descriptionId = `${idPrefix}-description`;
  const fileRef = useRef<HTMLInputElement>(null);
  const [hasFile, setHasFile] = useState(false);
  return (
    <>
      <input type="hidden" name="intent" value="create" />
      <FormField
        id={`${idPrefix}-subject`}
        name="subject"
        label={de.support.subject}
        placeholder={de.support.subjectPlaceholder}
        maxLength={SUBJECT_MAX}
        error={errors.subject}
        defaultValue={values?.subject}
        required
      />
      <div className="grid gap-2">
        <Label htmlFor={descriptionId}>{de.support.description}</Label>
        <textarea
          id={descriptionId}
          name="description"
          rows={5}
          maxLength={DESCRIPTION_MAX}
          placeholder={de.support.descriptionPlaceholder}
          required
          defaultValue={values?.description}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${descriptionId}-error` : undefined}
          className="w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-destructive sm:text-sm"
        />
        {errors.description && (
          <p id={`${descriptionId}-error`} className="text-sm font-medium text-destructive">
            {errors.description}
          </p>
        )}
      </div>
      <TicketFileField
        id={`${idPrefix}-file`}
        inputRef={fileRef}
        hasFile={hasFile}
        error={errors.file}
        onChosen={(file) => {
          setHasFile(Boolean(file));
          onFileError?.(localFileError(file));
        }}
      />
    </>
  );
}

/**
 * "Neues Ticket": a dialog with JavaScript. Its button belongs to a GET form that asks for
 * /support?neu, so before the page is interactive (or without JavaScript) it opens the page's own
 * form instead (NewTicketPanel).
 */
export function CreateTicketDialog() {
  const fetcher = useFetcher<typeof action>();
  const [open, setOpen] = useState(false);
  // Messages found before sending: blank fields, a file over the limit.
  const [local, setLocal] = useState<Errors>({});
  const result = outcomeOf(fetcher.data, "create");
  const busy = fetcher.state !== "idle";

  // A new answer closes the dialog on success (state adjusted while rendering, not in an effect).
  const [seen, setSeen] = useState(result);
  if (result !== seen) {
    setSeen(result);
    if (result?.ok) setOpen(false);
  }
  useEffect(() => {
    if (!result) return;
    if (result.ok) ticketToast.success(de.support.created);
    else ticketToast.error(de.support.createError, { description: result.message });
  }, [result]);

  const errors: Errors = { ...refusalErrors(result && !result.ok ? result : undefined), ...local };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setLocal({});
      }}
    >
      <form method="get" action={`/support#${NEW_TICKET_PANEL_ID}`} onSubmit={(event) => event.preventDefault()}>
        <DialogTrigger asChild>
          <Button type="submit" name={NEW_TICKET_PARAM} value="">
            <Plus aria-hidden="true" />
            {de.support.create}
          </Button>
        </DialogTrigger>
      </form>
      <DialogContent closeLabel={de.support.cancel}>
        <DialogTitle>{de.support.dialogTitle}</DialogTitle>
        <DialogDescription>{de.support.dialogText}</DialogDescription>
        <fetcher.Form
          method="post"
          action="/support"
          encType="multipart/form-data"
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            // Both fields must have more than spaces (spec section 5); the server checks the same.
            const form = new FormData(event.currentTarget);
            const blank = ["subject", "description"].filter((name) => String(form.get(name) ?? "").trim() === "");
            // Not sent with a file over the limit: the ticket would go without the file meant for it.
            const tooLarge = localFileError(chosenFile(form));
            if (blank.length || tooLarge) {
              event.preventDefault();
              setLocal({ ...Object.fromEntries(blank.map((name) => [name, de.support.required])), file: tooLarge });
              if (blank.length) ticketToast.error(de.support.required);
              else ticketToast.error(de.support.createError, { description: tooLarge });
            } else setLocal({});
          }}
        >
          <TicketFields idPrefix="ticket" errors={errors} onFileError={(file) => setLocal((current) => ({ ...current, file }))} />
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {de.support.cancel}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? de.support.submitting : de.support.submit}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The new-ticket form on the page itself (/support?neu, or after its refusal): a plain post that
 * works without JavaScript. A created ticket sends the browser back to /support with the spec's
 * message; a refusal comes back here with what was typed and the messages at the fields.
 */
export function NewTicketPanel({ refused }: { refused?: { reason: string; message: string; fieldErrors: Record<string, string>; values?: Record<string, string> } }) {
  const errors = refusalErrors(refused);
  const general = refused && Object.keys(errors).length === 0 ? refused.message : undefined;
  return (
    <Card id={NEW_TICKET_PANEL_ID} className="mt-6 scroll-mt-20">
      <CardHeader>
        <h2 className="text-xl font-semibold">{de.support.dialogTitle}</h2>
        <CardDescription>{de.support.dialogText}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" action="/support" encType="multipart/form-data" className="grid gap-4" noValidate>
          <input type="hidden" name="panel" value="1" />
          {refused && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {de.support.createError}
              {general ? `: ${general}` : ""}
            </p>
          )}
          <TicketFields idPrefix="new-ticket" errors={errors} values={refused?.values} />
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
            <Button asChild variant="outline">
              <Link to="/support">{de.support.cancel}</Link>
            </Button>
            <Button type="submit">{de.support.submit}</Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
