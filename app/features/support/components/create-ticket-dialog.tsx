import { Plus } from "~/components/ui/icons";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { formToasts } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { Label } from "~/components/ui/label";
import { de } from "~/i18n/de";
import { outcomeOf } from "~/lib/action-outcome";
import type { action } from "~/routes/support";
import { DESCRIPTION_MAX, SUBJECT_MAX } from "../schema";

const ticketToast = formToasts("support-ticket-answer");

export function CreateTicketDialog() {
  const fetcher = useFetcher<typeof action>();
  const [open, setOpen] = useState(false);
  const [missing, setMissing] = useState<Record<string, string>>({});
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

  const errors = { ...(result && !result.ok ? result.fieldErrors : undefined), ...missing };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setMissing({});
      }}
    >
      <DialogTrigger asChild>
        <Button type="button">
          <Plus aria-hidden="true" />
          {de.support.create}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={de.support.cancel}>
        <DialogTitle>{de.support.dialogTitle}</DialogTitle>
        <DialogDescription>{de.support.dialogText}</DialogDescription>
        <fetcher.Form
          method="post"
          action="/support"
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            // Both fields must have more than spaces (spec section 5); the server checks the same.
            const form = new FormData(event.currentTarget);
            const blank = ["subject", "description"].filter((name) => String(form.get(name) ?? "").trim() === "");
            if (blank.length) {
              event.preventDefault();
              setMissing(Object.fromEntries(blank.map((name) => [name, de.support.required])));
              ticketToast.error(de.support.required);
            } else setMissing({});
          }}
        >
          <input type="hidden" name="intent" value="create" />
          <FormField id="ticket-subject" name="subject" label={de.support.subject} placeholder={de.support.subjectPlaceholder} maxLength={SUBJECT_MAX} error={errors.subject} required />
          <div className="grid gap-2">
            <Label htmlFor="ticket-description">{de.support.description}</Label>
            <textarea
              id="ticket-description"
              name="description"
              rows={5}
              maxLength={DESCRIPTION_MAX}
              placeholder={de.support.descriptionPlaceholder}
              required
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={errors.description ? "ticket-description-error" : undefined}
              className="w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-destructive sm:text-sm"
            />
            {errors.description && (
              <p id="ticket-description-error" className="text-sm font-medium text-destructive">
                {errors.description}
              </p>
            )}
          </div>
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
