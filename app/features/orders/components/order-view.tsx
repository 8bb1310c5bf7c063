import { Download, FileText, MessageCircle } from "~/components/ui/icons";
import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { ordersDe as t } from "~/i18n/orders.de";
import { outcomeOf } from "~/lib/action-outcome";
import { formatDate, formatFileSize, formatPrice } from "~/lib/format";
import type { action } from "~/routes/order-detail";
import type { OrderPage } from "../queries.server";
import { ConfirmStep } from "./confirm-step";
import { stepKey } from "./order-actions";
import { quantityText } from "../quantity";

/** Read-only parts of the order page: the facts, the timeline with its files, the invoice. */

function Section({ title, children, id }: { title: string; children: React.ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border bg-card p-4 shadow-xs sm:p-6">
      {/* Focusable by script: a confirmed step whose button went away leaves the focus here. */}
      <h2 id={id} tabIndex={-1} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Person({ person, you }: { person: OrderPage["buyer"]; you: boolean }) {
  const name = person.deleted ? t.detail.unknownUser : person.name;
  return (
    <span>
      {person.username && !person.deleted ? (
        <Link to={`/u/${person.username}`} className="font-medium hover:underline">
          {name}
        </Link>
      ) : (
        <span className="font-medium">{name}</span>
      )}
      {you && <span className="text-muted-foreground"> ({t.detail.you})</span>}
    </span>
  );
}

export function OrderFacts({ order }: { order: OrderPage }) {
  return (
    <Section title={t.detail.requirements} id="order-facts">
      <p className="whitespace-pre-line break-words">{order.requirements}</p>
      <dl className="mt-5 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted-foreground">{t.detail.buyer}</dt>
          <dd>
            <Person person={order.buyer} you={order.party === "buyer"} />
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t.detail.seller}</dt>
          <dd>
            <Person person={order.seller} you={order.party === "seller"} />
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t.detail.desiredDate}</dt>
          <dd>{order.desiredDate ? formatDate(`${order.desiredDate}T12:00:00Z`) : t.detail.noDesiredDate}</dd>
        </div>
      </dl>
      {order.declineReason && (
        <div className="mt-5 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm">
          <p className="font-medium">{t.detail.declineReason}</p>
          <p className="mt-1 whitespace-pre-line break-words">{order.declineReason}</p>
        </div>
      )}
      {order.conversationId && (
        <Button asChild variant="outline" className="mt-5">
          <Link to={`/chats/${order.conversationId}`}>
            <MessageCircle aria-hidden="true" />
            {t.detail.openChat}
          </Link>
        </Button>
      )}
    </Section>
  );
}

/** What the order costs: the price when booked, the quantity, the total (a final price). */
export function OrderAmounts({ order }: { order: OrderPage }) {
  return (
    <Section title={t.detail.amounts} id="order-amounts">
      <dl className="grid gap-2 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-muted-foreground">{t.detail.unitPrice}</dt>
          <dd className="text-right tabular-nums">
            {formatPrice(order.unitPrice)} <span className="text-muted-foreground">{order.priceUnit === "fixed" ? `(${t.unit.fixed})` : t.unit[order.priceUnit]}</span>
          </dd>
        </div>
        {order.priceUnit !== "fixed" && (
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">{t.detail.quantity}</dt>
            <dd>{quantityText(order.priceUnit, order.quantity)}</dd>
          </div>
        )}
        <div className="flex justify-between gap-3 border-t pt-2 text-base font-semibold">
          <dt>{t.detail.total}</dt>
          <dd className="tabular-nums">{formatPrice(order.total)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-muted-foreground">{t.detail.totalNote}</p>
    </Section>
  );
}

export function OrderTimeline({ order }: { order: OrderPage }) {
  const actorName = (actor: "buyer" | "seller" | "system") => (actor === "system" ? t.system : actor === order.party ? t.detail.you : actor === "buyer" ? order.buyer.name : order.seller.name);
  return (
    <Section title={t.detail.timeline} id="order-timeline">
      <ol className="relative grid gap-5 border-l pl-5">
        {order.timeline.map((event) => (
          <li key={event.id} className="relative">
            <span className="absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full bg-primary ring-4 ring-card" aria-hidden="true" />
            <p className="font-medium">{t.event[event.kind]}</p>
            <p className="text-xs text-muted-foreground">
              {actorName(event.actor)} · <time dateTime={event.createdAt}>{formatDate(event.createdAt, "dateTime")}</time>
            </p>
            {event.note && event.kind !== "invoice_issued" && event.kind !== "invoice_paid" && (
              <p className="mt-1.5 rounded-md bg-muted px-3 py-2 text-sm whitespace-pre-line break-words">{event.note}</p>
            )}
            {event.files.length > 0 && (
              <ul className="mt-2 grid gap-1.5" aria-label={t.detail.files}>
                {event.files.map((file) => (
                  <li key={file.id}>
                    <a href={file.url} className="inline-flex max-w-full items-center gap-2 rounded-md border px-3 py-1.5 text-sm hover:bg-accent" download={file.name}>
                      <FileText className="size-4 shrink-0" aria-hidden="true" />
                      <span className="truncate">{file.name}</span>
                      <span className="shrink-0 text-xs text-muted-foreground">{formatFileSize(file.size)}</span>
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </Section>
  );
}

export function OrderInvoice({ order }: { order: OrderPage }) {
  // Keyed: the answer is read here, also when the button that sent it is gone.
  const fetcher = useFetcher<typeof action>({ key: stepKey(order.id, "markPaid") });
  const result = outcomeOf(fetcher.data, "markPaid");
  useEffect(() => {
    if (!result) return;
    if (result.ok) toast.success(t.actions.done.markPaid);
    else toast.error(result.message);
  }, [result]);
  const invoice = order.invoice;
  if (!invoice) return null;
  return (
    <Section title={t.invoice.heading} id="order-invoice">
      <dl className="grid gap-2 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-muted-foreground">{t.invoice.number}</dt>
          <dd className="font-medium">{invoice.number}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-muted-foreground">{t.invoice.issuedOn}</dt>
          <dd className="text-right">{formatDate(`${invoice.issuedOn}T12:00:00Z`)}</dd>
        </div>
        {!invoice.smallBusiness && (
          <>
            <div className="flex justify-between gap-3">
              <dt className="text-muted-foreground">{t.invoice.net}</dt>
              <dd className="tabular-nums">{formatPrice(invoice.net)}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-muted-foreground">{t.invoice.vat(invoice.vatRate)}</dt>
              <dd className="tabular-nums">{formatPrice(invoice.vat)}</dd>
            </div>
          </>
        )}
        <div className="flex justify-between gap-3 border-t pt-2 font-semibold">
          <dt>{t.invoice.gross}</dt>
          <dd className="tabular-nums">{formatPrice(invoice.gross)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-muted-foreground">{t.invoice.heading}</dt>
          <dd className={invoice.paidAt ? "font-medium text-emerald-700 dark:text-emerald-400" : "font-medium"}>
            {invoice.paidAt ? t.invoice.paidOn(formatDate(invoice.paidAt)) : t.invoice.unpaid}
          </dd>
        </div>
      </dl>
      {invoice.smallBusiness && <p className="mt-3 text-xs text-muted-foreground">{t.invoice.smallBusiness}</p>}
      <Button asChild className="mt-4 w-full">
        <a href={invoice.url} download>
          <Download aria-hidden="true" />
          {t.invoice.download}
        </a>
      </Button>
      {order.party === "buyer" && !invoice.paidAt && <p className="mt-3 text-sm text-muted-foreground">{t.invoice.payNote}</p>}
      {order.party === "seller" && !invoice.paidAt && (
        <div className="mt-3">
          <ConfirmStep
            orderId={order.id}
            intent="markPaid"
            fields={{ invoiceId: invoice.id }}
            label={t.invoice.markPaid}
            variant="outline"
            texts={{ title: t.invoice.markPaidConfirm, text: t.invoice.markPaidConfirmText, submit: t.invoice.markPaidConfirmSubmit }}
            fetcherKey={stepKey(order.id, "markPaid")}
            fallbackFocusId="order-invoice"
            buttonClassName="w-full"
          />
        </div>
      )}
    </Section>
  );
}
