import { useId } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { publicDe as de } from "~/i18n/public.de";
import { DELETE_CONFIRM_ID, DELETE_CONFIRM_PARAM } from "./delete-service-button";

/**
 * The delete confirmation without JavaScript: the owner's service page at `?loeschen=1` shows it
 * in place of the delete button, with the dialog's words (./delete-service-confirm), the real
 * delete form and a way back. The server decides as for the dialog's form. The owner's actions
 * around it carry the id DELETE_CONFIRM_ID, so the page opens (and the way back returns) there.
 */
export function DeleteServicePanel({ serviceId, error }: { serviceId: string; error?: string }) {
  const busy = useNavigation().state === "submitting";
  const titleId = useId();
  const textId = useId();
  const path = `/services/${serviceId}`;
  return (
    <div role="group" aria-labelledby={titleId} aria-describedby={textId} className="grid gap-3 rounded-lg border-2 border-destructive/40 bg-destructive/5 p-4">
      <h2 id={titleId} className="font-semibold">
        {de.services.detail.deleteTitle}
      </h2>
      <p id={textId} className="text-sm">
        {de.services.detail.deleteText}
      </p>
      {error && (
        <p className="text-sm font-medium text-destructive">
          {de.services.detail.deleteError}: {error}
        </p>
      )}
      {/* Posted to the confirming page, so that a refusal is shown here, beside the question. */}
      <Form method="post" action={`${path}?${DELETE_CONFIRM_PARAM}=1`} className="grid">
        <input type="hidden" name="intent" value="delete" />
        <Button type="submit" variant="destructive" disabled={busy}>
          {de.services.detail.deleteConfirm}
        </Button>
      </Form>
      <Button asChild variant="outline">
        <Link to={`${path}#${DELETE_CONFIRM_ID}`}>{de.services.detail.cancel}</Link>
      </Button>
    </div>
  );
}
