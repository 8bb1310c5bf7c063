import { lazy, Suspense } from "react";
import { NotificationsButton } from "./notifications-button";

// The popover (Radix's, with its positioning code) loads for signed-in pages only; until it is
// there, the same bell shows.
const NotificationsPopover = lazy(() => import("./notifications-popover").then((module) => ({ default: module.NotificationsPopover })));

/** The shell's notifications: the bell with the unread count, opening the latest notifications. */
export function NotificationsMenu({ unread }: { unread: number }) {
  return (
    <Suspense fallback={<NotificationsButton unread={unread} />}>
      <NotificationsPopover unread={unread} />
    </Suspense>
  );
}
