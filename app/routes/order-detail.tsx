import { ArrowLeft } from "~/components/ui/icons";
import { data, Link, useRevalidator } from "react-router";
import { OrderActions } from "~/features/orders/components/order-actions";
import { OrderAmounts, OrderFacts, OrderInvoice, OrderTimeline } from "~/features/orders/components/order-view";
import { OrderStatusBadge } from "~/features/orders/components/order-status";
import { DELIVERY_TEXTS, deliverFromRequest } from "~/features/orders/delivery.server";
import { markInvoicePaid } from "~/features/orders/invoices.server";
import { acceptOrder, completeOrder, declineOrder, requestRevision, withdrawOrder } from "~/features/orders/orders.server";
import { getOrderPage } from "~/features/orders/queries.server";
import { useRealtimeEvents } from "~/features/realtime/realtime-client";
import { pageMeta } from "~/i18n/de";
import { ordersDe as t } from "~/i18n/orders.de";
import { formatDate } from "~/lib/format";
import { readForm } from "~/lib/forms.server";
import { database, signedInUser } from "~/lib/request-context.server";
import { actionResult, errorResponse } from "~/lib/responses.server";
import type { PolicyHandle } from "~/lib/route-policy";
import { getStorage } from "~/lib/storage.server";
import type { Route } from "./+types/order-detail";

/** A delivery carries files (multipart, cut off per file while streaming); orders show on no public page. */
export const handle = { policy: { body: "upload", pageCache: "unaffected" } } satisfies PolicyHandle;

export function meta({ data: page }: Route.MetaArgs) {
  return pageMeta(page ? t.detail.heading(page.serviceTitle) : t.title, t.detail.metaDescription, { robots: "noindex" });
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const user = signedInUser(context);
  try {
    return await getOrderPage(await database(context), user.id, params.id);
  } catch (error) {
    // Someone else's order reads as no order at all (404).
    throw errorResponse(error, "loading an order");
  }
}

export const ORDER_INTENTS = ["accept", "decline", "withdraw", "deliver", "revise", "complete", "markPaid"] as const;
type Intent = (typeof ORDER_INTENTS)[number];

/**
 * One action per step; each answer carries its intent (the page shows it at the right form).
 * Final steps ask first in the page, also without JavaScript (~/features/orders/components/confirm-step);
 * the rules (who may do what, when) stay with the use-cases here, whatever the page asked.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const actorId = signedInUser(context).id;
  const db = await database(context);
  const orderId = params.id;
  // A delivery is multipart (files); every other step is a small urlencoded form.
  const multipart = (request.headers.get("content-type") ?? "").startsWith("multipart/form-data");
  if (multipart) {
    // A refusal hands the note back (read as the body streams in), for the page without JavaScript.
    const submitted: Record<string, string> = {};
    return actionResult(
      async () => {
        await deliverFromRequest(db, getStorage(), request, actorId, orderId, submitted);
      },
      { intent: "deliver" as const, where: "order delivery", texts: DELIVERY_TEXTS, values: submitted },
    );
  }
  const form = await readForm(request);
  // Each answer names its step with a literal intent, so each form reads its own answer (outcomeOf).
  const step = <K extends Intent>(intent: K, work: () => Promise<unknown>) =>
    actionResult(
      async () => {
        await work();
      },
      { intent, where: `order ${intent}`, values: form },
    );
  switch (form.intent) {
    case "accept":
      return step("accept", () => acceptOrder(db, { actorId, orderId }));
    case "decline":
      return step("decline", () => declineOrder(db, { actorId, orderId, input: form }));
    case "withdraw":
      return step("withdraw", () => withdrawOrder(db, { actorId, orderId }));
    case "revise":
      return step("revise", () => requestRevision(db, { actorId, orderId, input: form }));
    case "complete":
      return step("complete", () => completeOrder(db, { actorId, orderId }));
    case "markPaid":
      return step("markPaid", () => markInvoicePaid(db, { actorId, invoiceId: String(form.invoiceId ?? "") }));
    default:
      throw data(null, { status: 400 });
  }
}

export default function OrderDetail({ loaderData: order }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  // The other party acted (in another tab or on another machine): show it at once.
  useRealtimeEvents((event) => {
    if ((event.type === "order.updated" && event.orderId === order.id) || event.type === "ready" || event.type === "resync") {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }
  });
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <Link to={`/orders?rolle=${order.party === "buyer" ? "einkauf" : "verkauf"}`} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t.detail.back}
      </Link>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{t.detail.heading(order.serviceTitle)}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{t.detail.orderedOn(formatDate(order.createdAt))}</p>
        </div>
        <OrderStatusBadge status={order.status} large />
      </div>
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid min-w-0 content-start gap-6">
          <OrderActions order={order} />
          <OrderFacts order={order} />
          <OrderTimeline order={order} />
        </div>
        <aside className="grid content-start gap-6">
          <OrderAmounts order={order} />
          <OrderInvoice order={order} />
        </aside>
      </div>
    </div>
  );
}
