import { ArrowLeft } from "~/components/ui/icons";
import { Link, redirect, useRevalidator } from "react-router";
import { Badge } from "~/components/ui/badge";
import { useRealtimeEvents } from "~/features/realtime/realtime-client";
import { ReplyForm } from "~/features/support/components/reply-form";
import { StatusSaveToasts, StatusSelect, TicketAuthor } from "~/features/support/components/ticket-card";
import { TicketThread } from "~/features/support/components/ticket-thread";
import { getTicketThread, REPLY_TEXTS, replyToTicket, ticketPath } from "~/features/support/replies.server";
import { STATUS_BADGE } from "~/features/support/schema";
import { de, pageMeta } from "~/i18n/de";
import { ticketsDe } from "~/i18n/tickets.de";
import { formatDate } from "~/lib/format";
import { setFlashToast } from "~/lib/flash.server";
import { database, signedInUser } from "~/lib/request-context.server";
import { isDocumentSubmission } from "~/lib/request-kind.server";
import { actionResult, errorResponse } from "~/lib/responses.server";
import type { PolicyHandle } from "~/lib/route-policy";
import { getStorage } from "~/lib/storage.server";
import type { Route } from "./+types/support-ticket";

/** Replies carry files (multipart, cut off at 10 MB while streaming); tickets show on no public page. */
export const handle = { policy: { body: "upload", pageCache: "unaffected" } } satisfies PolicyHandle;

export function meta({ data }: Route.MetaArgs) {
  return pageMeta(data?.ticket.subject ?? de.pages.support, ticketsDe.page.metaDescription, { robots: "noindex" });
}

/** /support/{ticketId}: the ticket and its conversation, for its author and the support role; anyone else: 404. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const user = signedInUser(context);
  try {
    return await getTicketThread(await database(context), { viewerId: user.id, ticketId: params.ticketId });
  } catch (error) {
    throw errorResponse(error, "loading a ticket");
  }
}

/**
 * POST: a reply (text and an optional file); someone else's ticket answers 404 before any upload
 * is read. A plain form post (no JavaScript) that succeeds is redirected back to the ticket
 * (post/redirect/get: a reload shows the page, it does not post the reply again); a refusal
 * renders the page with the message at its field and the text kept.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const actorId = signedInUser(context).id;
  const document = isDocumentSubmission(request);
  // A refusal hands the text back (read once the body is), for the page without JavaScript.
  const submitted: Record<string, string> = {};
  return actionResult(
    async () => {
      const reply = await replyToTicket(await database(context), getStorage(), { actorId, ticketId: params.ticketId, request, submitted });
      if (document) {
        throw redirect(ticketPath(params.ticketId), { status: 303, headers: { "Set-Cookie": await setFlashToast({ type: "success", title: ticketsDe.reply.sent }) } });
      }
      return { reply };
    },
    { intent: "reply", where: "ticket reply", texts: REPLY_TEXTS, values: submitted },
  );
}

export default function SupportTicket({ loaderData }: Route.ComponentProps) {
  const { ticket, isSupport, isAuthor, replies, statusChanges } = loaderData;
  const revalidator = useRevalidator();
  // The other side replied (another tab, another machine): show it at once.
  useRealtimeEvents((event) => {
    if ((event.type === "ticket.updated" && event.ticketId === ticket.id) || event.type === "ready" || event.type === "resync") {
      // Always: a re-read already on its way may have started before this change committed.
      void revalidator.revalidate();
    }
  });
  const done = ticket.status === "resolved" || ticket.status === "closed";
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <Link to="/support" className="inline-flex items-center gap-1 rounded-sm text-sm text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {ticketsDe.page.back}
      </Link>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-3">
        <h1 className="min-w-0 break-words text-2xl font-bold tracking-tight sm:text-3xl">{ticket.subject}</h1>
        <Badge variant={STATUS_BADGE[ticket.status]} className="text-sm">
          {de.support.statusLabels[ticket.status]}
        </Badge>
      </div>
      {ticket.author && <TicketAuthor author={ticket.author} className="mt-2" />}
      <div className="mt-3 flex flex-wrap items-end justify-between gap-3">
        <p className="grid text-xs text-muted-foreground sm:flex sm:gap-4">
          <span>{de.support.createdAt(formatDate(ticket.createdAt, "dateTime"))}</span>
          <span>{de.support.updatedAt(formatDate(ticket.updatedAt, "dateTime"))}</span>
          <span>{ticketsDe.card.lastActivity(formatDate(ticket.lastActivityAt, "dateTime"))}</span>
        </p>
        {isSupport && <StatusSelect ticketId={ticket.id} subject={ticket.subject} status={ticket.status} />}
        {isSupport && <StatusSaveToasts ticketIds={[ticket.id]} />}
      </div>

      <section aria-labelledby="ticket-conversation" className="mt-8">
        <h2 id="ticket-conversation" className="text-lg font-semibold">
          {ticketsDe.page.conversation} <span className="font-normal text-muted-foreground">({ticketsDe.card.replies(ticket.replyCount)})</span>
        </h2>
        <TicketThread ticket={ticket} replies={replies} statusChanges={statusChanges} authorIsReader={isAuthor} />
      </section>

      <section aria-labelledby="ticket-reply" className="mt-8">
        <h2 id="ticket-reply" className="mb-3 text-lg font-semibold">
          {ticketsDe.reply.heading}
        </h2>
        <ReplyForm key={ticket.id} ticketId={ticket.id} reopenHint={isAuthor && done} />
      </section>
    </div>
  );
}
