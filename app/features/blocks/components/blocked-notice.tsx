import { UserX } from "~/components/ui/icons";
import { blocksDe as t } from "~/i18n/blocks.de";
import { UnblockForm } from "./unblock-form";

/**
 * In a conversation with someone the viewer blocked: says so, with "Blockierung aufheben". It takes
 * the composer's place, except in the chat of an order under way, which stays open (ADR 024).
 */
export function BlockedNotice({
  userId,
  name,
  openOrder,
  returnTo,
  unblockId,
}: {
  userId: string;
  name: string;
  openOrder: boolean;
  returnTo: string;
  /** The id of the "Blockierung aufheben" button (to give it the focus once the block is made). */
  unblockId?: string;
}) {
  return (
    <div role="status" className="flex flex-col gap-3 border-t bg-muted/60 p-3 sm:flex-row sm:items-center sm:justify-between sm:px-4">
      <p className="flex items-start gap-2 text-sm">
        <UserX className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span>{openOrder ? t.conversation.orderNotice(name) : t.conversation.notice(name)}</span>
      </p>
      <UnblockForm buttonId={unblockId} userId={userId} name={name} returnTo={returnTo} className="shrink-0" />
    </div>
  );
}
