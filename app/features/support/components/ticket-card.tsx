import { ChevronRight, Mail, MessagesSquare, UserRound } from "~/components/ui/icons";
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { toast } from "~/components/ui/toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Attachment } from "~/features/messaging/components/message-list";
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
  /** The file sent with the description. */
  file: { url: string; name: string; type: string; size: number } | null;
}

/** Who wrote a ticket (support staff see it on the list and on the ticket): name and, if known, address. */
export function TicketAuthor({ author, className }: { author: NonNullable<TicketCardData["author"]>; className: string }) {
  return (
    <p className={`${className} flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground`}>
      <span className="inline-flex items-center gap-1.5">
        <UserRound className="size-4" aria-hidden="true" />
        <span className="sr-only">{de.support.author}: </span>
        {displayName(author.firstName, author.lastName)}
      </span>
      {author.email && (
        <span className="inline-flex min-w-0 items-center gap-1.5 break-all">
          <Mail className="size-4 shrink-0" aria-hidden="true" />
          {author.email}
        </span>
      )}
    </p>
  );
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
      {ticket.author && <TicketAuthor author={ticket.author} className="mt-1" />}
      <p className="mt-3 line-clamp-6 whitespace-pre-line break-words">{ticket.description}</p>
      {ticket.file && (
        <div className="mt-3 max-w-sm">
          <Attachment file={ticket.file} mine={false} compact />
        </div>
      )}
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
 * Each status form has its fetcher under its ticket's key, and the page shows their answers
 * (StatusSaveToasts): a save in a list filtered by status takes the ticket, and its form, out of
 * the list, and the answer can arrive in the same render as the list without it (React Router
 * may commit the revalidated list and the answer at once), so the form could not be relied on to
 * say it.
 */
const statusFetcherKey = (ticketId: string) => `ticket-status:${ticketId}`;

/**
 * The toasts of the status saves on a page, for every ticket it has shown (rendered once, outside
 * the tickets; a ticket that left the list keeps its place here until the page goes).
 */
export function StatusSaveToasts({ ticketIds }: { ticketIds: readonly string[] }) {
  const [shown, setShown] = useState<readonly string[]>(ticketIds);
  const added = ticketIds.filter((id) => !shown.includes(id));
  if (added.length > 0) setShown([...shown, ...added]);
  return shown.map((id) => <StatusSaveToast key={id} ticketId={id} />);
}

function StatusSaveToast({ ticketId }: { ticketId: string }) {
  const { data } = useFetcher<typeof action>({ key: statusFetcherKey(ticketId) });
  // A keyed fetcher keeps its last answer across pages: only an answer that came while this
  // page was open is new.
  const [before] = useState(data);
  const result = data === before ? undefined : outcomeOf(data, "status");
  useEffect(() => {
    if (!result) return;
    if (result.ok) toast.success(de.support.statusUpdated);
    else toast.error(de.support.statusError, { description: result.message });
  }, [result]);
  return null;
}

/**
 * The support role's status selector (posts to /support; the page it sits on re-reads after).
 * Choosing a status saves nothing: the button next to it does, so a keyboard user can move through
 * the options with the arrow keys without saving and announcing each one on the way. Without
 * JavaScript the same form posts and the server sends the browser back to this page
 * (post/redirect/get); with it the form posts in the background and the focus stays on the button.
 */
export function StatusSelect({ ticketId, subject, status }: { ticketId: string; subject: string; status: TicketStatus }) {
  const fetcher = useFetcher<typeof action>({ key: statusFetcherKey(ticketId) });
  const location = useLocation();
  const busy = fetcher.state !== "idle";
  const form = useRef<HTMLFormElement>(null);
  useFocusAfterRemoval(form);
  const id = `status-${ticketId}`;

  return (
    <fetcher.Form
      ref={form}
      method="post"
      action="/support"
      className="flex flex-wrap items-center gap-2"
      onSubmit={(event) => {
        // Sent already: a second press waits for the answer (the button stays focusable, see below).
        if (busy) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="ticketId" value={ticketId} />
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      <Label htmlFor={id} className="sr-only">
        {de.support.statusOf(subject)}
      </Label>
      <span aria-hidden="true" className="text-sm text-muted-foreground">
        {de.support.status}
      </span>
      {/* Uncontrolled, so a status chosen before the page was hydrated stays chosen; keyed by the
          ticket's status, so it shows that status again when it changes (saved here, by a colleague,
          or reopened by the author's reply). */}
      <select
        key={status}
        id={id}
        name="status"
        defaultValue={status}
        className="h-9 rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring"
      >
        {TICKET_STATUSES.map((s) => (
          <option key={s} value={s}>
            {de.support.statusLabels[s]}
          </option>
        ))}
      </select>
      {/* aria-disabled, not disabled, while saving: a disabled button would drop the focus to the page. */}
      <Button type="submit" variant="outline" size="sm" aria-disabled={busy || undefined} className="aria-disabled:opacity-50">
        {busy ? ticketsDe.status.saving : ticketsDe.status.save}
        <span className="sr-only">: {subject}</span>
      </Button>
    </fetcher.Form>
  );
}

/**
 * A saved status can take its ticket out of a filtered list, and the form with the focus with it.
 * The focus then goes to the next ticket's status (or the previous one's), else to the page's
 * heading — never to the page's body.
 */
function useFocusAfterRemoval(form: RefObject<HTMLFormElement | null>) {
  useLayoutEffect(() => {
    const element = form.current;
    return () => {
      // Still in the document here: the cleanup runs before React removes the elements.
      if (!element || !element.contains(document.activeElement)) return;
      const item = element.closest("li");
      const neighbours = [item?.nextElementSibling, item?.previousElementSibling];
      requestAnimationFrame(() => {
        if (element.isConnected || (document.activeElement && document.activeElement !== document.body)) return;
        const next = neighbours.map((n) => (n?.isConnected ? n.querySelector<HTMLSelectElement>("select[name=status]") : null)).find(Boolean);
        if (next) return next.focus();
        const heading = document.querySelector<HTMLElement>("#main h1");
        if (!heading) return;
        heading.tabIndex = -1;
        heading.focus();
      });
    };
  }, [form]);
}
