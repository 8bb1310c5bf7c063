import { Search } from "~/components/ui/icons";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { de } from "~/i18n/de";
import { ticketsDe } from "~/i18n/tickets.de";
import { TICKET_SEARCH_MAX, TICKET_STATUSES, type TicketFilters as Filters } from "../schema";

/** The filters' URL: `?status=…&q=…` (only what is set), and a page beyond the first. */
export function ticketListHref(filters: Filters | null, page = 1): string {
  const params = new URLSearchParams();
  if (filters?.status) params.set("status", filters.status);
  if (filters?.q) params.set("q", filters.q);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/support?${query}` : "/support";
}

/**
 * The support role's filters over all tickets: a status and a search in subject, author name and
 * e-mail. A plain GET form: every filtered list has its own URL and works without JavaScript.
 */
export function TicketFilters({ filters, total }: { filters: Filters; total: number }) {
  const active = filters.status !== null || filters.q !== "";
  return (
    <>
      <Form
        // A new URL (back, reset) shows its own values, not what was typed before.
        key={`${filters.status ?? ""}|${filters.q}`}
        method="get"
        action="/support"
        role="search"
        aria-label={ticketsDe.filters.label}
        className="mt-6 grid gap-3 rounded-xl border bg-card p-4 shadow-sm sm:grid-cols-[11rem_minmax(0,1fr)_auto] sm:items-end"
      >
        <div className="grid gap-1.5">
          <Label htmlFor="ticket-filter-status">{ticketsDe.filters.status}</Label>
          <select
            id="ticket-filter-status"
            name="status"
            defaultValue={filters.status ?? ""}
            className="h-10 rounded-md border border-input bg-background px-2 text-base shadow-xs focus-visible:outline-2 focus-visible:outline-ring sm:text-sm"
          >
            <option value="">{ticketsDe.filters.allStatuses}</option>
            {TICKET_STATUSES.map((status) => (
              <option key={status} value={status}>
                {de.support.statusLabels[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="ticket-filter-q">{ticketsDe.filters.search}</Label>
          <Input id="ticket-filter-q" type="search" name="q" defaultValue={filters.q} maxLength={TICKET_SEARCH_MAX} placeholder={ticketsDe.filters.searchPlaceholder} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit">
            <Search aria-hidden="true" />
            {ticketsDe.filters.apply}
          </Button>
          {active && (
            <Button asChild variant="ghost">
              <Link to="/support">{ticketsDe.filters.reset}</Link>
            </Button>
          )}
        </div>
      </Form>
      {active && (
        <p role="status" className="mt-3 text-sm text-muted-foreground">
          {ticketsDe.filters.results(total)}
        </p>
      )}
    </>
  );
}
