import { ShieldCheck } from "~/components/ui/icons";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { listQueue } from "~/features/moderation/decisions.server";
import { pageMeta } from "~/i18n/de";
import { moderationDe as t } from "~/i18n/moderation.de";
import { formatDate } from "~/lib/format";
import { database, signedInUser } from "~/lib/request-context.server";
import { errorResponse } from "~/lib/responses.server";
import type { PolicyHandle } from "~/lib/route-policy";
import type { Route } from "./+types/moderation";

export const handle = { policy: { pageCache: "unaffected" } } satisfies PolicyHandle;

export function meta() {
  return pageMeta(t.queue.metaTitle, undefined, { robots: "noindex" });
}

/** /moderation: the support role's queue (open cases and objections; `?entschieden=1` the decided ones). Anyone else: 404. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const decided = new URL(request.url).searchParams.get("entschieden") === "1";
  try {
    return { decided, cases: await listQueue(await database(context), { actorId: signedInUser(context).id, decided }) };
  } catch (error) {
    throw errorResponse(error, "moderation queue");
  }
}

export default function Moderation({ loaderData }: Route.ComponentProps) {
  const { cases, decided } = loaderData;
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{decided ? t.queue.decidedTitle : t.queue.title}</h1>
          <p className="mt-1 max-w-2xl text-muted-foreground">{t.queue.intro}</p>
        </div>
        <Link to={decided ? "/moderation" : "/moderation?entschieden=1"} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          {decided ? t.queue.showOpen : t.queue.showDecided}
        </Link>
      </div>
      {cases.length === 0 ? (
        <div className="mt-8 flex flex-col items-center rounded-xl border border-dashed px-6 py-16 text-center">
          <ShieldCheck className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="mt-4 font-medium">{decided ? t.queue.decidedEmpty : t.queue.empty}</p>
        </div>
      ) : (
        <ul className="mt-8 grid gap-3">
          {cases.map((entry) => (
            <li key={entry.id} className="rounded-xl border bg-card p-4 shadow-xs">
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant="secondary">{t.kinds[entry.itemKind]}</Badge>
                <Badge variant={entry.status === "objected" ? "destructive" : entry.status === "open" ? "default" : "outline"}>{t.statuses[entry.status]}</Badge>
                <span className="text-sm text-muted-foreground">
                  {t.queue.reports(entry.reports)} · {formatDate(entry.updatedAt, "dateTime")}
                </span>
              </div>
              <p className="mt-2 font-medium break-words">
                <Link to={`/moderation/${entry.id}`} className="text-primary underline-offset-4 hover:underline">
                  {entry.itemSummary || t.kinds[entry.itemKind]}
                </Link>
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
