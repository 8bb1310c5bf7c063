import { useEffect, useState } from "react";
import { cn } from "~/lib/class-names";
import { presenceLabel, type PresenceView } from "../format";

/** The current time, moving on every minute, so "vor 5 Min." keeps counting while the page is open. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * "online" (with a green dot) or "zuletzt online vor 5 Min."; nothing when the status is hidden
 * (by either side's setting: the server then sends none) or the person was never seen.
 */
export function PresenceStatus({ presence, className }: { presence: PresenceView | null | undefined; className?: string }) {
  const now = useMinuteClock();
  const label = presenceLabel(presence, now);
  if (!label) return null;
  return (
    <span className={cn("flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground", className)} data-presence={presence?.online ? "online" : "offline"}>
      {presence?.online && <span className="size-2 shrink-0 rounded-full bg-emerald-600" aria-hidden="true" />}
      {/* The server's clock and the browser's may round a minute apart. */}
      <span className="truncate" suppressHydrationWarning>
        {label}
      </span>
    </span>
  );
}
