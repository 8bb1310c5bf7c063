import { Suspense, useCallback, useRef, useState } from "react";
import type { ButtonProps } from "~/components/ui/button";
import { lazyPart } from "~/lib/lazy-part";
import { DELETE_CONFIRM_ID, DELETE_CONFIRM_PARAM, DeleteServiceButton } from "./delete-service-button";

export interface DeleteServiceDialogProps {
  /** The service: without JavaScript the button opens its page's confirmation (./delete-service-panel). */
  serviceId: string;
  fields: Record<string, string>;
  /** Accessible name of the trigger (e.g. "Löschen: Titel"). */
  label?: string;
  triggerProps?: ButtonProps;
  /** Hide the trigger's text on small screens. */
  compactLabel?: boolean;
}

// The confirmation (Radix's alert dialog) loads when an owner points at or clicks the button.
const { Part: DeleteServiceConfirm, preload } = lazyPart(() => import("./delete-service-confirm").then((module) => module.DeleteServiceConfirm));

/**
 * A delete button that asks first; confirming posts the given fields to the current route.
 *
 * Without JavaScript (or with a click before the page has hydrated) the button sits in a GET form
 * that opens the service's page with `?loeschen=1`, where the server renders the same question
 * with the real delete form (./delete-service-panel). With JavaScript it opens the dialog instead.
 */
export function DeleteServiceDialog({ serviceId, fields, label, triggerProps, compactLabel }: DeleteServiceDialogProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const onOpenChange = useCallback((next: boolean) => setOpen(next), []);
  return (
    <>
      <form
        method="get"
        action={`/services/${serviceId}#${DELETE_CONFIRM_ID}`}
        className="grid"
        onSubmit={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        <input type="hidden" name={DELETE_CONFIRM_PARAM} value="1" />
        <DeleteServiceButton
          ref={button}
          type="submit"
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={open}
          compactLabel={compactLabel}
          {...triggerProps}
          onPointerEnter={preload}
          onFocus={preload}
        />
      </form>
      {open && (
        <Suspense fallback={null}>
          <DeleteServiceConfirm fields={fields} open onOpenChange={onOpenChange} returnFocusTo={button} />
        </Suspense>
      )}
    </>
  );
}
