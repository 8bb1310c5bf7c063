import type { RefObject } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogTitle } from "~/components/ui/dialog";
import { publicDe as de } from "~/i18n/public.de";

/** The confirmation of ./delete-service-dialog (loaded by it when wanted); mounted open. */
export function DeleteServiceConfirm({
  fields,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  fields: Record<string, string>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The delete button (not a Radix trigger): focus goes back to it when the dialog closes. */
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          const button = returnFocusTo.current;
          if (!button?.isConnected) return;
          event.preventDefault();
          button.focus();
        }}
      >
        <AlertDialogTitle>{de.services.detail.deleteTitle}</AlertDialogTitle>
        <AlertDialogDescription>{de.services.detail.deleteText}</AlertDialogDescription>
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <AlertDialogCancel>{de.services.detail.cancel}</AlertDialogCancel>
          <Form method="post">
            {Object.entries(fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <Button type="submit" variant="destructive" className="w-full" disabled={busy}>
              {de.services.detail.deleteConfirm}
            </Button>
          </Form>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}
