import { Trash2 } from "~/components/ui/icons";
import { Button, type ButtonProps } from "~/components/ui/button";
import { publicDe as de } from "~/i18n/public.de";

/** The delete button that opens the confirmation (./delete-service-dialog). */
export function DeleteServiceButton({ compactLabel = false, ...props }: ButtonProps & { compactLabel?: boolean }) {
  return (
    <Button variant="destructive" {...props}>
      <Trash2 aria-hidden="true" />
      <span className={compactLabel ? "hidden sm:inline" : undefined}>{de.services.detail.delete}</span>
    </Button>
  );
}
