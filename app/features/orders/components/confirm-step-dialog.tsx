import { Button } from "~/components/ui/button";
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogTitle } from "~/components/ui/dialog";
import { ordersDe as t } from "~/i18n/orders.de";
import type { ConfirmationDialogProps } from "./confirm-step";

/**
 * The confirmation of a final order step (loaded by ./confirm-step when wanted); mounted open. It
 * stays open while the step is sent, so the keyboard focus has a place until the answer is there.
 */
export function ConfirmStepDialog({
  open,
  onOpenChange,
  texts,
  variant,
  busy,
  onConfirm,
  returnFocusTo,
  fallbackFocusId,
}: ConfirmationDialogProps) {
  return (
    // While the step is being sent it cannot be called back: Cancel and Escape would only close the
    // dialog, not stop the step. The dialog closes by itself when the answer is in.
    <AlertDialog open={open} onOpenChange={(next) => (busy && !next ? undefined : onOpenChange(next))}>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          const trigger = returnFocusTo.current;
          if (trigger?.isConnected && !trigger.disabled) trigger.focus();
          else document.getElementById(fallbackFocusId)?.focus();
        }}
      >
        <AlertDialogTitle>{texts.title}</AlertDialogTitle>
        <AlertDialogDescription>{texts.text}</AlertDialogDescription>
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          {/* Radix focuses the cancel button first: a stray Enter does not do the step. */}
          <AlertDialogCancel aria-disabled={busy || undefined} className="aria-disabled:opacity-50">
            {t.actions.confirmCancel}
          </AlertDialogCancel>
          {/* aria-disabled, not disabled, while sending: a disabled button would drop the focus out of the dialog. */}
          <Button
            type="button"
            variant={variant}
            aria-disabled={busy || undefined}
            className="aria-disabled:opacity-50"
            onClick={() => {
              if (!busy) onConfirm();
            }}
          >
            {busy ? t.actions.sending : texts.submit}
          </Button>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}
