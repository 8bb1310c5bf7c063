import { Suspense, useCallback, useRef, useState } from "react";
import type { ButtonProps } from "~/components/ui/button";
import { lazyPart } from "~/lib/lazy-part";
import { DeleteServiceButton } from "./delete-service-button";

export interface DeleteServiceDialogProps {
  fields: Record<string, string>;
  /** Accessible name of the trigger (e.g. "Löschen: Titel"). */
  label?: string;
  triggerProps?: ButtonProps;
  /** Hide the trigger's text on small screens. */
  compactLabel?: boolean;
}

// The confirmation (Radix's alert dialog) loads when an owner points at or clicks the button.
const { Part: DeleteServiceConfirm, preload } = lazyPart(() => import("./delete-service-confirm").then((module) => module.DeleteServiceConfirm));

/** A delete button that asks first; confirming posts the given fields to the current route. */
export function DeleteServiceDialog({ fields, label, triggerProps, compactLabel }: DeleteServiceDialogProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const onOpenChange = useCallback((next: boolean) => setOpen(next), []);
  return (
    <>
      <DeleteServiceButton
        ref={button}
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        compactLabel={compactLabel}
        {...triggerProps}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
      />
      {open && (
        <Suspense fallback={null}>
          <DeleteServiceConfirm fields={fields} open onOpenChange={onOpenChange} returnFocusTo={button} />
        </Suspense>
      )}
    </>
  );
}
