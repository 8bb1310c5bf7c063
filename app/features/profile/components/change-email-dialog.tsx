import { Mail } from "~/components/ui/icons";
import { useEffect, useState, type ComponentProps } from "react";
import { Form, Link, useFetcher } from "react-router";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { de } from "~/i18n/de";
import { outcomeOf } from "~/lib/action-outcome";
import type { action } from "~/routes/profile";
import { canSubmitNewEmail, PROFILE_DIALOG_PARAM, type ProfileDialog } from "../schema";

export const EMAIL_DIALOG: ProfileDialog = "email";
/** The change-email form on the page itself (/profile?dialog=email). */
export const EMAIL_PANEL_ID = "e-mail-aendern";
/**
 * The GET form that "E-Mail ändern" submits without JavaScript. The button sits inside the edit
 * form (forms do not nest), so it names this one by its id; PersonalInfo renders it outside.
 */
export const EMAIL_OPENER_FORM_ID = "e-mail-aendern-oeffnen";

/** The opener's form: /profile?dialog=email, the page with the change-email form on it. */
export function ChangeEmailOpenerForm() {
  return (
    <form id={EMAIL_OPENER_FORM_ID} method="get" action={`/profile#${EMAIL_PANEL_ID}`} hidden onSubmit={(event) => event.preventDefault()}>
      <input type="hidden" name={PROFILE_DIALOG_PARAM} value={EMAIL_DIALOG} />
    </form>
  );
}

/**
 * The change-email form's fields, the same in the dialog and on the page: the current address,
 * a general refusal (the page's), the new address (controlled in the dialog, whose button waits
 * for a new one) and the current password.
 */
function ChangeEmailFields({
  currentEmail,
  idSuffix,
  errors,
  newEmail,
  general,
}: {
  currentEmail: string;
  /** Keeps the ids apart should the dialog and the page's form ever be in one document. */
  idSuffix: string;
  errors: Record<string, string> | undefined;
  newEmail: Pick<ComponentProps<"input">, "value" | "onChange" | "defaultValue">;
  general?: string;
}) {
  return (
    <>
      <input type="hidden" name="intent" value="changeEmail" />
      <p className="break-all text-sm">{de.profile.changeEmail.current(currentEmail)}</p>
      {general && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {de.profile.changeEmail.failed}: {general}
        </p>
      )}
      <FormField id={`new-email${idSuffix}`} name="newEmail" type="email" autoComplete="email" label={de.profile.changeEmail.newEmail} {...newEmail} error={errors?.newEmail} required />
      <FormField id={`current-password${idSuffix}`} name="password" type="password" autoComplete="current-password" label={de.profile.changeEmail.password} error={errors?.password} required />
    </>
  );
}

/**
 * Change Email: new address and the current password. The link goes to the new address;
 * nothing changes until it is opened. With JavaScript a dialog; without it (or before it runs)
 * the button asks for /profile?dialog=email, where the server renders ChangeEmailPanel.
 */
export function ChangeEmailDialog({ currentEmail }: { currentEmail: string }) {
  const fetcher = useFetcher<typeof action>();
  const [open, setOpen] = useState(false);
  const [newEmail, setNewEmail] = useState("");
  const result = outcomeOf(fetcher.data, "changeEmail");
  const busy = fetcher.state !== "idle";

  // A new answer closes the dialog on success (state adjusted while rendering, not in an effect).
  const [seen, setSeen] = useState(result);
  if (result !== seen) {
    setSeen(result);
    if (result?.ok) {
      setOpen(false);
      setNewEmail("");
    }
  }
  useEffect(() => {
    if (!result) return;
    if (result.ok) toast.success(de.profile.changeEmail.initiated, { description: de.profile.changeEmail.initiatedText });
    else toast.error(de.profile.changeEmail.failed, { description: result.message });
  }, [result]);

  const errors = result && !result.ok ? result.fieldErrors : undefined;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="submit" form={EMAIL_OPENER_FORM_ID} variant="outline" className="shrink-0">
          <Mail aria-hidden="true" />
          {de.profile.changeEmail.open}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={de.profile.close}>
        <DialogTitle>{de.profile.changeEmail.title}</DialogTitle>
        <DialogDescription>{de.profile.changeEmail.description}</DialogDescription>
        <fetcher.Form method="post" action="/profile" className="grid gap-4" noValidate>
          <ChangeEmailFields
            currentEmail={currentEmail}
            idSuffix=""
            errors={errors}
            newEmail={{ value: newEmail, onChange: (event) => setNewEmail(event.currentTarget.value) }}
          />
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {de.profile.cancel}
            </Button>
            <Button type="submit" disabled={busy || !canSubmitNewEmail(newEmail, currentEmail)}>
              {busy ? de.profile.saving : de.profile.changeEmail.submit}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The change-email form on the page itself (/profile?dialog=email, or after its refusal): a plain
 * post that works without JavaScript. The server applies the dialog's rules (a new address, the
 * right password); a request sent goes back to /profile with the message, a refusal comes back
 * here with its messages and the address typed.
 */
export function ChangeEmailPanel({ currentEmail, refused }: { currentEmail: string; refused?: { message: string; fieldErrors: Record<string, string>; values?: Record<string, string> } }) {
  const errors = refused?.fieldErrors ?? {};
  const general = refused && !errors.newEmail && !errors.password ? refused.message : undefined;
  return (
    <section id={EMAIL_PANEL_ID} aria-labelledby={`${EMAIL_PANEL_ID}-heading`} className="grid scroll-mt-20 gap-4 rounded-lg border p-4">
      <div className="grid gap-1">
        <h3 id={`${EMAIL_PANEL_ID}-heading`} className="text-lg font-semibold">
          {de.profile.changeEmail.title}
        </h3>
        <p className="text-sm text-muted-foreground">{de.profile.changeEmail.description}</p>
      </div>
      <Form method="post" action="/profile" className="grid gap-4" noValidate>
        <input type="hidden" name="panel" value="1" />
        <ChangeEmailFields
          currentEmail={currentEmail}
          idSuffix="-page"
          errors={errors}
          newEmail={{ defaultValue: refused?.values?.newEmail }}
          general={general}
        />
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button asChild variant="outline">
            <Link to="/profile">{de.profile.cancel}</Link>
          </Button>
          <Button type="submit">{de.profile.changeEmail.submit}</Button>
        </div>
      </Form>
    </section>
  );
}
