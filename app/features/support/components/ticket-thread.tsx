import type { ReactNode } from "react";
import { RefreshCw, RotateCcw } from "~/components/ui/icons";
import { Badge } from "~/components/ui/badge";
import { Attachment } from "~/features/messaging/components/message-list";
import { de } from "~/i18n/de";
import { ticketsDe } from "~/i18n/tickets.de";
import { cn } from "~/lib/class-names";
import { displayName, formatDate } from "~/lib/format";
import type { TicketStatus } from "../schema";
import type { TicketCardData } from "./ticket-card";

export interface TicketReplyData {
  id: string;
  body: string;
  fromSupport: boolean;
  mine: boolean;
  authorName: string | null;
  reopened: boolean;
  createdAt: string | Date;
  file: { url: string; name: string; type: string; size: number } | null;
}

export interface TicketStatusChangeData {
  id: string;
  status: TicketStatus;
  actorName: string | null;
  createdAt: string | Date;
}

type TimelineItem = { kind: "reply"; at: number; reply: TicketReplyData } | { kind: "status"; at: number; change: TicketStatusChangeData };

/** Replies and status changes in the order they happened (a reply first when both share a time). */
function timeline(replies: TicketReplyData[], changes: TicketStatusChangeData[]): TimelineItem[] {
  const items: TimelineItem[] = [
    ...replies.map((reply) => ({
      kind: "reply" as const,
      at: new Date(reply.createdAt).getTime(),
      reply,
    })),
    ...changes.map((change) => ({
      kind: "status" as const,
      at: new Date(change.createdAt).getTime(),
      change,
    })),
  ];
  // A stable sort keeps each list's own order for equal times; replies come before changes then.
  return items.sort((a, b) => a.at - b.at || (a.kind === b.kind ? 0 : a.kind === "reply" ? -1 : 1));
}

/** Who an entry is from: "Sie" for the reader, "Support" (and the colleague's name for staff), else the author. */
function Sender({ fromSupport, mine, name }: { fromSupport: boolean; mine: boolean; name: string | null }) {
  const who = mine ? ticketsDe.page.you : name;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      {fromSupport && <Badge variant="default">{ticketsDe.page.supportLabel}</Badge>}
      {who && <span className="font-semibold">{who}</span>}
    </span>
  );
}

/**
 * The conversation of a ticket, oldest first: the description as its first entry, then every
 * reply with who wrote it, when, and its file. Support's entries are tinted, so the two sides
 * read apart at a glance on a narrow screen too. A live region: replies arriving while the page
 * is open are announced.
 */
export function TicketThread({
  ticket,
  replies,
  statusChanges,
  authorIsReader,
}: {
  ticket: TicketCardData;
  replies: TicketReplyData[];
  statusChanges: TicketStatusChangeData[];
  authorIsReader: boolean;
}) {
  const authorName = ticket.author ? displayName(ticket.author.firstName, ticket.author.lastName) : null;
  return (
    <div role="log" aria-labelledby="ticket-conversation" className="mt-3">
      <ol className="grid gap-3">
        <li>
          <Entry fromSupport={false} mine={authorIsReader} name={authorName} createdAt={ticket.createdAt}>
            <p className="whitespace-pre-line break-words">{ticket.description}</p>
            {ticket.file && (
              <div className="mt-2 max-w-sm">
                <Attachment file={ticket.file} mine={false} />
              </div>
            )}
          </Entry>
        </li>
        {timeline(replies, statusChanges).map((item) => {
          if (item.kind === "status") return <StatusChange key={item.change.id} change={item.change} />;
          const { reply } = item;
          return (
            <li key={reply.id} data-reply-id={reply.id}>
              <Entry fromSupport={reply.fromSupport} mine={reply.mine} name={reply.authorName} createdAt={reply.createdAt}>
                {reply.body && <p className="whitespace-pre-line break-words">{reply.body}</p>}
                {reply.file && (
                  <div className={cn("max-w-sm", reply.body && "mt-2")}>
                    <Attachment file={reply.file} mine={false} />
                  </div>
                )}
                {reply.reopened && (
                  <p className="mt-2 inline-flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
                    <RotateCcw className="size-3.5" aria-hidden="true" />
                    {ticketsDe.page.reopened}
                  </p>
                )}
              </Entry>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** A status change by support: a quiet line between the replies, not a message. */
function StatusChange({ change }: { change: TicketStatusChangeData }) {
  return (
    <li data-status-change-id={change.id} className="flex justify-center">
      <p className="inline-flex max-w-full flex-wrap items-center justify-center gap-x-1.5 gap-y-0.5 rounded-full border bg-muted px-3 py-1.5 text-center text-xs text-muted-foreground sm:text-sm">
        <RefreshCw className="size-3.5 shrink-0" aria-hidden="true" />
        <span>
          <span className="font-medium text-foreground">{ticketsDe.page.statusChanged(de.support.statusLabels[change.status])}</span>{" "}
          {ticketsDe.page.statusChangedBy(change.actorName)},{" "}
          <time dateTime={new Date(change.createdAt).toISOString()}>{formatDate(change.createdAt, "dateTime")}</time>
        </span>
      </p>
    </li>
  );
}

function Entry({
  fromSupport,
  mine,
  name,
  createdAt,
  children,
}: {
  fromSupport: boolean;
  mine: boolean;
  name: string | null;
  createdAt: string | Date;
  children: ReactNode;
}) {
  return (
    <article className={cn("rounded-xl border p-4 text-sm shadow-sm sm:text-base", fromSupport ? "border-primary/30 bg-primary/5" : "bg-card")}>
      <header className="mb-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm">
        <Sender fromSupport={fromSupport} mine={mine} name={name} />
        <time dateTime={new Date(createdAt).toISOString()} className="text-xs text-muted-foreground">
          {formatDate(createdAt, "dateTime")}
        </time>
      </header>
      {children}
    </article>
  );
}
