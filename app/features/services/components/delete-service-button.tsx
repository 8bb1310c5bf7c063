import { Trash2 } from "~/components/ui/icons";
import { Button, type ButtonProps } from "~/components/ui/button";
import { publicDe as de } from "~/i18n/public.de";

/**
 * The service page's state that asks to delete without JavaScript (`/services/{id}?loeschen=1`,
 * ./delete-service-panel), and the id of the place on the page where it asks.
 */
export const DELETE_CONFIRM_PARAM = "loeschen";
export const DELETE_CONFIRM_ID = "loeschen";

/** The delete button that opens the confirmation (./delete-service-dialog). */
export function DeleteServiceButton({ compactLabel = false, ...props }: ButtonProps & { compactLabel?: boolean }) {
  return (
    <Button variant="destructive" {...props}>
      <Trash2 aria-hidden="true" />
      <span className={compactLabel ? "hidden sm:inline" : undefined}>{de.services.detail.delete}</span>
    </Button>
  );
}
