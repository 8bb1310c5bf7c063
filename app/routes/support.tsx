import { LifeBuoy } from "~/components/ui/icons";
import { data } from "react-router";
import { Pager } from "~/components/ui/pager";
import { CreateTicketDialog } from "~/features/support/components/create-ticket-dialog";
import { TicketCard } from "~/features/support/components/ticket-card";
import { TicketFilters, ticketListHref } from "~/features/support/components/ticket-filters";
import { ticketFiltersFrom } from "~/features/support/schema";
import { createTicket, listTickets, setTicketStatus } from "~/features/support/support.server";
import { de, pageMeta } from "~/i18n/de";
import { readForm } from "~/lib/forms.server";
import { database, signedInUser } from "~/lib/request-context.server";
import { actionResult } from "~/lib/responses.server";
import type { PolicyHandle } from "~/lib/route-policy";
import { pageNumber } from "~/lib/paging";
import type { Route } from "./+types/support";

/** Tickets show on no page a signed-out visitor sees: posting one keeps the shared page cache. */
export const handle = { policy: { pageCache: "unaffected" } } satisfies PolicyHandle;

export function meta() {
  return pageMeta(de.pages.support, undefined, { robots: "noindex" });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = signedInUser(context);
  const params = new URL(request.url).searchParams;
  // The filters count for the support role only (listTickets decides, not the URL).
  return listTickets(await database(context), { viewerId: user.id, page: pageNumber(params.get("page")), filters: ticketFiltersFrom(params) });
}

/** Two forms: a new ticket, and (support only) a ticket's status; each answer carries its intent. */
export async function action({ request, context }: Route.ActionArgs) {
  const actorId = signedInUser(context).id;
  const form = await readForm(request);
  switch (form.intent) {
    case "create":
      return actionResult(
        async () => {
          await createTicket(await database(context), { actorId, input: form });
        },
        { intent: "create", where: "create ticket" },
      );
    case "status":
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

export default function Support({ loaderData }: Route.ComponentProps) {
  const { tickets, isSupport, page, pageCount, total, filters } = loaderData;
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{de.support.title}</h1>
          <p className="mt-1 text-muted-foreground">{isSupport ? de.support.introSupport : de.support.intro}</p>
        </div>
        <CreateTicketDialog />
      </div>
      {filters && <TicketFilters filters={filters} total={total} />}
      {tickets.length === 0 ? (
        <div className="mt-8 flex flex-col items-center rounded-xl border border-dashed px-6 py-16 text-center">
          <LifeBuoy className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="mt-4 font-medium">{de.support.empty}</p>
        </div>
      ) : (
        <ul className="mt-8 grid gap-4">
          {tickets.map((ticket) => (
            <li key={ticket.id}>
              <TicketCard ticket={ticket} canChangeStatus={isSupport} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pageCount={pageCount} href={(p) => ticketListHref(filters, p)} />
    </div>
  );
}
