import { lazy, Suspense } from "react";
import type { ButtonProps } from "~/components/ui/button";
import { DeleteServiceButton } from "./delete-service-button";

export interface DeleteServiceDialogProps {
  fields: Record<string, string>;
  /** Accessible name of the trigger (e.g. "Löschen: Titel"). */
  label?: string;
  triggerProps?: ButtonProps;
  /** Hide the trigger's text on small screens. */
  compactLabel?: boolean;
}

// The confirmation (Radix's alert dialog) loads only where an owner sees the button; until then
// (a client-side navigation) the same button shows.
const DeleteServiceConfirm = lazy(() => import("./delete-service-confirm").then((module) => ({ default: module.DeleteServiceConfirm })));

/** A delete button that asks first; confirming posts the given fields to the current route. */
export function DeleteServiceDialog(props: DeleteServiceDialogProps) {
  return (
    <Suspense fallback={<DeleteServiceButton aria-label={props.label} compactLabel={props.compactLabel} {...props.triggerProps} />}>
      <DeleteServiceConfirm {...props} />
    </Suspense>
  );
}
