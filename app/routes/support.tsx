import { LifeBuoy } from "~/components/ui/icons";
import { data, redirect, useActionData, useRevalidator, useSearchParams } from "react-router";
import { Pager } from "~/components/ui/pager";
import { CreateTicketDialog, NEW_TICKET_PARAM, NewTicketPanel } from "~/features/support/components/create-ticket-dialog";
import { useRealtimeEvents } from "~/features/realtime/realtime-client";
import { StatusSaveToasts, TicketCard } from "~/features/support/components/ticket-card";
import { TicketFilters, ticketListHref } from "~/features/support/components/ticket-filters";
import { ticketFiltersFrom } from "~/features/support/schema";
import { createTicket, listTickets, readNewTicket, setTicketStatus } from "~/features/support/support.server";
import { TICKET_FILE_TEXTS } from "~/features/support/ticket-files.server";
import { getStorage } from "~/lib/storage.server";
import { de, pageMeta } from "~/i18n/de";
import { setFlashToast, type FlashToast } from "~/lib/flash.server";
import { readForm } from "~/lib/forms.server";
import { isUuid } from "~/lib/ids";
import { database, signedInUser } from "~/lib/request-context.server";
import { isDocumentSubmission } from "~/lib/request-kind.server";
import { outcomeOf } from "~/lib/action-outcome";
import { actionResult, failureOf } from "~/lib/responses.server";
import type { PolicyHandle } from "~/lib/route-policy";
import { pageNumber } from "~/lib/paging";
import type { Route } from "./+types/support";

/**
 * A new ticket may carry a file (multipart, cut off at 10 MB while streaming, like a reply's);
 * tickets show on no page a signed-out visitor sees: posting one keeps the shared page cache.
 */
export const handle = { policy: { body: "upload", pageCache: "unaffected" } } satisfies PolicyHandle;

export function meta() {
  return pageMeta(de.pages.support, undefined, { robots: "noindex" });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = signedInUser(context);
  const params = new URL(request.url).searchParams;
  // The filters count for the support role only (listTickets decides, not the URL).
  return listTickets(await database(context), { viewerId: user.id, page: pageNumber(params.get("page")), filters: ticketFiltersFrom(params) });
}

/**
 * Two forms: a new ticket, and (support only) a ticket's status; each answer carries its intent.
 * The new-ticket forms post multipart (they may carry a file), read as they stream; the status
 * form posts a small urlencoded form.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const actorId = signedInUser(context).id;
  if (request.headers.get("content-type")?.startsWith("multipart/form-data")) return createAction(request, context, actorId);
  const form = await readForm(request);
  switch (form.intent) {
    case "create":
      return createAction(form, context, actorId);
    case "status":
      if (isDocumentSubmission(request)) return statusWithoutJavaScript(context, actorId, form);
      return actionResult(
        async () => {
          await setTicketStatus(await database(context), { actorId, input: form });
        },
        { intent: "status", where: "ticket status" },
      );
    default:
      throw data(null, { status: 400 });
  }
}

/**
 * A new ticket, from a multipart form with an optional file or from the fields of a plain form.
 * The page's own form (/support?neu: without JavaScript, marked by `panel`) goes back to the list
 * with the message; a refusal comes back to it with what was typed (a file must be chosen again:
 * browsers never fill in a file field). The dialog's fetcher gets data.
 */
async function createAction(body: Request | Record<string, string>, context: Route.ActionArgs["context"], actorId: string) {
  // Filled as soon as the fields are read, so a refusal of the file hands them back too.
  const fields: Record<string, string> = body instanceof Request ? {} : body;
  const values: Record<string, string> = {};
  return actionResult(
    async () => {
      const db = await database(context);
      const storage = getStorage();
      try {
        const { file } = body instanceof Request ? await readNewTicket(db, storage, { actorId, request: body, fields }) : { file: null };
        await createTicket(db, { actorId, input: fields, attachment: { file, storage } });
      } finally {
        if (fields.panel === "1") Object.assign(values, { subject: fields.subject ?? "", description: fields.description ?? "" });
      }
      if (fields.panel === "1") throw redirect("/support", { status: 303, headers: { "Set-Cookie": await setFlashToast({ type: "success", title: de.support.created }) } });
    },
    { intent: "create", where: "create ticket", texts: TICKET_FILE_TEXTS, values },
  );
}

/** Where a status form without JavaScript goes back to: the list (with its filters) or a ticket's page, nothing else. */
function statusReturnPath(returnTo: string | undefined): string {
  if (!returnTo) return "/support";
  const url = new URL(returnTo, "http://x");
  if (url.origin !== "http://x") return "/support";
  if (url.pathname === "/support") return url.pathname + url.search;
  const [, , id, ...rest] = url.pathname.split("/");
  return url.pathname.startsWith("/support/") && isUuid(id ?? "") && rest.length === 0 ? url.pathname : "/support";
}

/**
 * The status form posted without JavaScript: post/redirect/get back to where it was (a reload
 * does not post again), the outcome as a flash message (shown without JavaScript too).
 */
async function statusWithoutJavaScript(context: Route.ActionArgs["context"], actorId: string, form: Record<string, string>): Promise<Response> {
  let flash: FlashToast;
  try {
    await setTicketStatus(await database(context), { actorId, input: form });
    flash = { type: "success", title: de.support.statusUpdated };
  } catch (error) {
    flash = { type: "error", title: de.support.statusError, description: failureOf(error, "ticket status").failure.message };
  }
  return redirect(statusReturnPath(form.returnTo), { status: 303, headers: { "Set-Cookie": await setFlashToast(flash) } });
}

export default function Support({ loaderData }: Route.ComponentProps) {
  const { tickets, isSupport, page, pageCount, total, filters } = loaderData;
  const revalidator = useRevalidator();
  const [params] = useSearchParams();
  // The page's own new-ticket form: asked for (?neu), or its post refused (that answer carries the values).
  const created = outcomeOf(useActionData<typeof action>(), "create");
  const refused = created && !created.ok && created.values ? created : undefined;
  // A reply or status change on a ticket of this list (or, for staff, a new ticket): re-read the
  // page, so reply counts, last activity and status follow live (ids-only events, ADR 022).
  useRealtimeEvents((event) => {
    if (event.type === "ticket.updated" || event.type === "ready" || event.type === "resync") {
      // Always: a re-read already on its way may have started before this change committed.
      void revalidator.revalidate();
    }
  });
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{de.support.title}</h1>
          <p className="mt-1 text-muted-foreground">{isSupport ? de.support.introSupport : de.support.intro}</p>
        </div>
        <CreateTicketDialog />
      </div>
      {(params.has(NEW_TICKET_PARAM) || refused) && <NewTicketPanel refused={refused} />}
      {filters && <TicketFilters filters={filters} total={total} />}
      {isSupport && <StatusSaveToasts ticketIds={tickets.map((ticket) => ticket.id)} />}
      {tickets.length === 0 ? (
        <div className="mt-8 flex flex-col items-center rounded-xl border border-dashed px-6 py-16 text-center">
          <LifeBuoy className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="mt-4 font-medium">{de.support.empty}</p>
        </div>
      ) : (
        <ul className="mt-8 grid gap-4">
          {tickets.map((ticket) => (
            // min-w-0: a grid item is as wide as its widest unbreakable content by default, which
            // pushed the cards 13 px past a 320 px screen.
            <li key={ticket.id} className="min-w-0">
              <TicketCard ticket={ticket} canChangeStatus={isSupport} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pageCount={pageCount} href={(p) => ticketListHref(filters, p)} />
    </div>
  );
}
