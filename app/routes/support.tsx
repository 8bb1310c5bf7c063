import { LifeBuoy } from "lucide-react";
import { Pager } from "~/components/ui/pager";
import { data, redirect } from "react-router";
import { getSessionUser } from "~/features/auth/session.server";
import { CreateTicketDialog } from "~/features/support/components/create-ticket-dialog";
import { TicketCard } from "~/features/support/components/ticket-card";
import { createTicket, listTickets, setTicketStatus } from "~/features/support/support.server";
import { de, pageMeta } from "~/i18n/de";
import { getDatabase } from "~/lib/db.server";
import { isAppError } from "~/lib/errors";
import { pageNumber } from "~/lib/paging";
import { readForm } from "~/lib/forms.server";
import type { Route } from "./+types/support";

export function meta() {
  return pageMeta(de.pages.support, undefined, { robots: "noindex" });
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = (await getSessionUser(request))!; // the signed-in layout guarantees a user
  const { db } = await getDatabase();
  return listTickets(db, { viewerId: user.id, page: pageNumber(new URL(request.url).searchParams.get("page")) });
}

type Result = { ok: boolean; error?: string; fieldErrors?: Record<string, string> };

async function attempt(key: "create" | "status", work: () => Promise<unknown>) {
  try {
    await work();
    return data<Partial<Record<"create" | "status", Result>>>({ [key]: { ok: true } });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data<Partial<Record<"create" | "status", Result>>>({ [key]: { ok: false, error: error.message, fieldErrors: error.fieldErrors } }, { status: error.status });
  }
}

export async function action({ request }: Route.ActionArgs) {
  const user = await getSessionUser(request);
  if (!user) throw redirect("/auth?redirectTo=%2Fsupport");
  const form = await readForm(request);
  const { db } = await getDatabase();
  switch (form.intent) {
    case "create":
      return attempt("create", () => createTicket(db, { actorId: user.id, input: form }));
    case "status":
      return attempt("status", () => setTicketStatus(db, { actorId: user.id, input: form }));
    default:
      throw data(null, { status: 400 });
  }
}

export default function Support({ loaderData }: Route.ComponentProps) {
  const { tickets, isSupport, page, pageCount } = loaderData;
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{de.support.title}</h1>
          <p className="mt-1 text-muted-foreground">{isSupport ? de.support.introSupport : de.support.intro}</p>
        </div>
        <CreateTicketDialog />
      </div>
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
      <Pager page={page} pageCount={pageCount} href={(p) => (p > 1 ? `/support?page=${p}` : "/support")} />
    </div>
  );
}
