import { Mail } from "~/components/ui/icons";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { de } from "~/i18n/de";
import { outcomeOf } from "~/lib/action-outcome";
import type { action } from "~/routes/profile";
import { canSubmitNewEmail } from "../schema";

/**
 * Change Email: new address and the current password. The link goes to the new address;
 * nothing changes until it is opened.
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
        <Button type="button" variant="outline" className="shrink-0">
          <Mail aria-hidden="true" />
          {de.profile.changeEmail.open}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={de.profile.cancel}>
        <DialogTitle>{de.profile.changeEmail.title}</DialogTitle>
        <DialogDescription>{de.profile.changeEmail.description}</DialogDescription>
        <fetcher.Form method="post" action="/profile" className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value="changeEmail" />
          <p className="break-all text-sm">{de.profile.changeEmail.current(currentEmail)}</p>
          <FormField
            id="new-email"
            name="newEmail"
            type="email"
            autoComplete="email"
            label={de.profile.changeEmail.newEmail}
            value={newEmail}
            onChange={(event) => setNewEmail(event.currentTarget.value)}
            error={errors?.newEmail}
            required
          />
          <FormField
            id="current-password"
            name="password"
            type="password"
            autoComplete="current-password"
            label={de.profile.changeEmail.password}
            error={errors?.password}
            required
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
