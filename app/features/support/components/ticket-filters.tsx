import { Search } from "~/components/ui/icons";
import { useEffect, useRef } from "react";
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
 *
 * The form stays in the page when its list arrives, so the field where Enter was pressed (or the
 * button) keeps the focus; the fields are set to the new URL's values instead (back, reset), and
 * "Filter zurücksetzen", which goes with the filters, hands the focus to the search field.
 */
export function TicketFilters({ filters, total }: { filters: Filters; total: number }) {
  const active = filters.status !== null || filters.q !== "";
  const statusField = useRef<HTMLSelectElement>(null);
  const searchField = useRef<HTMLInputElement>(null);
  const resetting = useRef(false);
  const shown = useRef({ status: filters.status, q: filters.q });
  useEffect(() => {
    // Only when the URL's filters change (not at hydration: what was typed before stays), and only
    // a field that differs: the one typed in keeps its caret.
    if (shown.current.status === filters.status && shown.current.q === filters.q) return;
    shown.current = { status: filters.status, q: filters.q };
    const status = filters.status ?? "";
    if (statusField.current && statusField.current.value !== status) statusField.current.value = status;
    if (searchField.current && searchField.current.value !== filters.q) searchField.current.value = filters.q;
  }, [filters.status, filters.q]);
  useEffect(() => {
    if (active || !resetting.current) return;
    resetting.current = false;
    if (document.activeElement === document.body || document.activeElement === null) searchField.current?.focus();
  }, [active]);
  return (
    <>
      <Form
        method="get"
        action="/support"
        // The filters are at the top of the list: the page stays where it is.
        preventScrollReset
        role="search"
        aria-label={ticketsDe.filters.label}
        className="mt-6 grid gap-3 rounded-xl border bg-card p-4 shadow-sm sm:grid-cols-[11rem_minmax(0,1fr)_auto] sm:items-end"
      >
        <div className="grid gap-1.5">
          <Label htmlFor="ticket-filter-status">{ticketsDe.filters.status}</Label>
          <select
            ref={statusField}
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
          <Input ref={searchField} id="ticket-filter-q" type="search" name="q" defaultValue={filters.q} maxLength={TICKET_SEARCH_MAX} placeholder={ticketsDe.filters.searchPlaceholder} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit">
            <Search aria-hidden="true" />
            {ticketsDe.filters.apply}
          </Button>
          {active && (
            <Button asChild variant="ghost">
              <Link to="/support" preventScrollReset onClick={() => (resetting.current = true)}>
                {ticketsDe.filters.reset}
              </Link>
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
