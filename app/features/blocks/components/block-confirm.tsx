import type { RefObject } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogTitle } from "~/components/ui/dialog";
import { blocksDe as t } from "~/i18n/blocks.de";
import { blockPath } from "../paths";

/** The form that blocks: hidden fields and the confirming button (the dialog's and the page's). */
export function BlockForm({ userId, returnTo, className }: { userId: string; returnTo: string; className?: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" action={blockPath(userId)} className={className}>
      <input type="hidden" name="intent" value="block" />
      <input type="hidden" name="returnTo" value={returnTo} />
      <Button type="submit" variant="destructive" className="w-full" disabled={busy}>
        {t.confirm.submit}
      </Button>
    </Form>
  );
}

/** The confirmation of ./block-button (loaded by it when wanted); mounted open. */
export function BlockConfirm({
  userId,
  name,
  returnTo,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  userId: string;
  name: string;
  returnTo: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          const trigger = returnFocusTo.current;
          if (!trigger?.isConnected) {
            // The block is made and the trigger gone with it: the page has put the focus on what
            // replaced it (a conversation's "Blockierung aufheben"); it stays there, not on the body.
            const focused = document.activeElement;
            if (focused && focused !== document.body) event.preventDefault();
            return;
          }
          event.preventDefault();
          trigger.focus();
        }}
      >
        <AlertDialogTitle>{t.confirm.title(name)}</AlertDialogTitle>
        <AlertDialogDescription>{t.confirm.text}</AlertDialogDescription>
        <p className="text-sm text-muted-foreground">{t.confirm.orders}</p>
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <AlertDialogCancel>{t.confirm.cancel}</AlertDialogCancel>
          <BlockForm userId={userId} returnTo={returnTo} />
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}
