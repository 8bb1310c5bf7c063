import { Link } from "react-router";
import { de } from "~/i18n/de";
import { cn } from "~/lib/class-names";

/**
 * What an account deletion keeps, and why and for how long: orders and issued invoices stay for
 * the statutory retention period (delete-account.server.ts, ADR 025). Shown wherever an account
 * can be deleted (the profile's Danger Zone, the suspended account's page).
 */
export function DeletionRetentionNote({ className }: { className?: string }) {
  return (
    <div className={cn("rounded-md border bg-muted/40 p-3 text-sm sm:p-4", className)}>
      <h3 className="font-medium">{de.profile.danger.retentionTitle}</h3>
      <p className="mt-1 text-muted-foreground">{de.profile.danger.retention}</p>
      <p className="mt-2">
        <Link to="/privacy" className="rounded-sm font-medium text-primary underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-ring">
          {de.profile.danger.retentionMore}
        </Link>
      </p>
    </div>
  );
}
