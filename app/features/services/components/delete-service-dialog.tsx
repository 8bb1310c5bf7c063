import { Trash2 } from "~/components/ui/icons";
import { Form, useNavigation } from "react-router";
import { Button, type ButtonProps } from "~/components/ui/button";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/dialog";
import { de } from "~/i18n/de";

/** A delete button that asks first; confirming posts the given fields to the current route. */
export function DeleteServiceDialog({
  fields,
  label,
  triggerProps,
  compactLabel = false,
}: {
  fields: Record<string, string>;
  /** Accessible name of the trigger (e.g. "Löschen: Titel"). */
  label?: string;
  triggerProps?: ButtonProps;
  /** Hide the trigger's text on small screens. */
  compactLabel?: boolean;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="destructive" aria-label={label} {...triggerProps}>
          <Trash2 aria-hidden="true" />
          <span className={compactLabel ? "hidden sm:inline" : undefined}>{de.services.detail.delete}</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>{de.services.detail.deleteTitle}</AlertDialogTitle>
        <AlertDialogDescription>{de.services.detail.deleteText}</AlertDialogDescription>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
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
