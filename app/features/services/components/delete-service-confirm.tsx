import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/dialog";
import { publicDe as de } from "~/i18n/public.de";
import type { DeleteServiceDialogProps } from "./delete-service-dialog";
import { DeleteServiceButton } from "./delete-service-button";

/** The delete button with its confirmation (loaded by ./delete-service-dialog). */
export function DeleteServiceConfirm({ fields, label, triggerProps, compactLabel }: DeleteServiceDialogProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <DeleteServiceButton aria-label={label} compactLabel={compactLabel} {...triggerProps} />
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
