import { Bell } from "~/components/ui/icons";
import { Button, type ButtonProps } from "~/components/ui/button";
import { publicDe as de } from "~/i18n/public.de";

/** The bell that opens the notifications, with the unread count. */
export function NotificationsButton({ unread, ...props }: ButtonProps & { unread: number }) {
  return (
    <Button type="button" variant="ghost" size="icon" className="relative" {...props}>
      <Bell aria-hidden="true" />
      <span className="sr-only">{de.notifications.open}</span>
      {unread > 0 && (
        <span className="absolute -right-0.5 -top-0.5 inline-flex min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[0.65rem] font-semibold leading-4 text-white">
          <span className="sr-only">, </span>
          {unread > 99 ? "99+" : unread}
          <span className="sr-only"> {de.notifications.unreadSuffix}</span>
        </span>
      )}
    </Button>
  );
}
