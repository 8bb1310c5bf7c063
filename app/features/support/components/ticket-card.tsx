import { ChevronRight, Mail, MessagesSquare, UserRound } from "~/components/ui/icons";
import { useEffect } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { toast } from "~/components/ui/toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { de } from "~/i18n/de";
import { ticketsDe } from "~/i18n/tickets.de";
import { outcomeOf } from "~/lib/action-outcome";
import { displayName, formatDate } from "~/lib/format";
import type { action } from "~/routes/support";
import { STATUS_BADGE, TICKET_STATUSES, type TicketStatus } from "../schema";

export interface TicketCardData {
  id: string;
  subject: string;
  description: string;
  status: TicketStatus;
  createdAt: string | Date;
  updatedAt: string | Date;
  replyCount: number;
  lastActivityAt: string | Date;
  author: {
    firstName: string | null;
    lastName: string | null;
    email: string | null;
  } | null;
}

export function TicketCard({ ticket, canChangeStatus }: { ticket: TicketCardData; canChangeStatus: boolean }) {
  const headingId = `ticket-${ticket.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-xl border bg-card p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={headingId} className="min-w-0 break-words text-lg font-semibold">
          {ticket.subject}
        </h2>
        <Badge variant={STATUS_BADGE[ticket.status]}>{de.support.statusLabels[ticket.status]}</Badge>
      </div>
      {ticket.author && (
        <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <UserRound className="size-4" aria-hidden="true" />
            <span className="sr-only">{de.support.author}: </span>
            {displayName(ticket.author.firstName, ticket.author.lastName)}
          </span>
          {ticket.author.email && (
            <span className="inline-flex min-w-0 items-center gap-1.5 break-all">
              <Mail className="size-4 shrink-0" aria-hidden="true" />
              {ticket.author.email}
            </span>
          )}
        </p>
      )}
      <p className="mt-3 line-clamp-6 whitespace-pre-line break-words">{ticket.description}</p>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
        <p className="grid text-xs text-muted-foreground sm:flex sm:gap-4">
          <span>{de.support.createdAt(formatDate(ticket.createdAt, "dateTime"))}</span>
          <span>{de.support.updatedAt(formatDate(ticket.updatedAt, "dateTime"))}</span>
        </p>
        {canChangeStatus && <StatusSelect ticketId={ticket.id} subject={ticket.subject} status={ticket.status} />}
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t pt-3">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1.5 font-medium text-foreground">
            <MessagesSquare className="size-4" aria-hidden="true" />
            {ticketsDe.card.replies(ticket.replyCount)}
          </span>
          <span>{ticketsDe.card.lastActivity(formatDate(ticket.lastActivityAt, "dateTime"))}</span>
        </p>
        <Button asChild variant="outline" size="sm">
          <Link to={`/support/${ticket.id}`}>
            {ticketsDe.card.open}
            <span className="sr-only">: {ticket.subject}</span>
            <ChevronRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </article>
  );
}

/**
 * The support role's status selector (posts to /support; the page it sits on re-reads after). With
 * JavaScript a change posts at once in the background; without it the form has its own button,
 * and the server sends the browser back to this page (post/redirect/get).
 */
export function StatusSelect({ ticketId, subject, status }: { ticketId: string; subject: string; status: TicketStatus }) {
  const fetcher = useFetcher<typeof action>();
  const location = useLocation();
  const result = outcomeOf(fetcher.data, "status");
  useEffect(() => {
    if (!result) return;
    if (result.ok) toast.success(de.support.statusUpdated);
    else toast.error(de.support.statusError, { description: result.message });
  }, [result]);
  const pending = fetcher.formData?.get("status");
  const value = typeof pending === "string" ? pending : status;
  const id = `status-${ticketId}`;

  return (
    <fetcher.Form method="post" action="/support" className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="ticketId" value={ticketId} />
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      <Label htmlFor={id} className="sr-only">
        {de.support.statusOf(subject)}
      </Label>
      <span aria-hidden="true" className="text-sm text-muted-foreground">
        {de.support.status}
      </span>
      <select
        id={id}
        name="status"
        value={value}
        disabled={fetcher.state !== "idle"}
        onChange={(event) => fetcher.submit(event.currentTarget.form)}
        className="h-9 rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring"
      >
        {TICKET_STATUSES.map((s) => (
          <option key={s} value={s}>
            {de.support.statusLabels[s]}
          </option>
        ))}
      </select>
      <noscript>
        <Button type="submit" variant="outline" size="sm">
          {ticketsDe.status.apply}
        </Button>
      </noscript>
    </fetcher.Form>
  );
}
