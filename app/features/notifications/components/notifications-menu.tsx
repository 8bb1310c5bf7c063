import { Suspense, useCallback, useRef, useState } from "react";
import { lazyPart } from "~/lib/lazy-part";
import { NotificationsButton } from "./notifications-button";

// The popover (Radix's, with its positioning code) loads when the bell is pointed at, focused or
// clicked; the bell itself is here, so a click before the popover's code arrived opens it then.
const { Part: NotificationsPopover, preload } = lazyPart(() => import("./notifications-popover").then((module) => module.NotificationsPopover));

/** The shell's notifications: the bell with the unread count, opening the latest notifications. */
export function NotificationsMenu({ unread }: { unread: number }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const bell = useRef<HTMLButtonElement>(null);
  const onOpenChange = useCallback((next: boolean) => setOpen(next), []);
  return (
    <>
      {/* Before the page's scripts run (or without them) the bell is the button of a form that
          opens the page of notifications; with them, it opens the popover and nothing is sent. */}
      <form method="get" action="/benachrichtigungen" className="contents" onSubmit={(event) => event.preventDefault()}>
        <NotificationsButton
          type="submit"
          ref={bell}
          unread={unread}
          aria-haspopup="dialog"
          aria-expanded={open}
          onPointerEnter={preload}
          onFocus={preload}
          onClick={() => {
            setWanted(true);
            setOpen((current) => !current);
          }}
        />
      </form>
      {wanted && (
        <Suspense fallback={null}>
          <NotificationsPopover open={open} onOpenChange={onOpenChange} bell={bell} />
        </Suspense>
      )}
    </>
  );
}
