import { ArrowLeft } from "~/components/ui/icons";
import { useEffect, useRef, useState } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { AddressFields } from "~/features/orders/components/address-fields";
import { Label } from "~/components/ui/label";
import { REQUIREMENTS_MAX } from "~/features/orders/limits";
import { parseQuantity } from "~/features/orders/quantity";
import { toCents, fromCents } from "~/features/orders/money";
import { useHydrated } from "~/lib/use-hydrated";
import { bookService } from "~/features/orders/orders.server";
import { bookingDefaults } from "~/features/orders/queries.server";
import { todayInGermany } from "~/features/orders/schema";
import { getService } from "~/features/services/catalogue.server";
import { pageMeta } from "~/i18n/de";
import { publicDe } from "~/i18n/public.de";
import { ordersDe as t } from "~/i18n/orders.de";
import { setFlashToast } from "~/lib/flash.server";
import { formatPrice } from "~/lib/format";
import { readForm } from "~/lib/forms.server";
import { database, signedInUser } from "~/lib/request-context.server";
import { actionResult } from "~/lib/responses.server";
import type { PolicyHandle } from "~/lib/route-policy";
import type { Route } from "./+types/order-book";

/** An order shows on no public page (the service page's figures do not count orders). */
export const handle = { policy: { pageCache: "unaffected" } } satisfies PolicyHandle;

export function meta({ data: page }: Route.MetaArgs) {
  return pageMeta(page ? t.book.title(page.service.title) : t.book.button, t.book.metaDescription, { robots: "noindex" });
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const user = signedInUser(context);
  const db = await database(context);
  const service = await getService(db, params.id);
  // A service deleted (or an id mistyped) since the link was followed: to the catalogue, saying so.
  if (!service || !service.listed) throw redirect("/services", { headers: { "Set-Cookie": await setFlashToast({ type: "error", title: publicDe.services.form.notFound }) } });
  // The provider's own service cannot be ordered: back to it.
  if (service.author.userId === user.id) throw redirect(`/services/${service.id}`);
  const seller = [service.author.firstName, service.author.lastName].filter(Boolean).join(" ");
  return {
    service: { id: service.id, title: service.title, price: service.price, priceUnit: service.priceUnit, seller },
    defaults: await bookingDefaults(db, user.id),
    today: todayInGermany(),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = signedInUser(context);
  const form = await readForm(request);
  return actionResult(
    async () => {
      const { orderId } = await bookService(await database(context), { actorId: user.id, serviceId: params.id, input: form });
      throw redirect(`/orders/${orderId}`, { headers: { "Set-Cookie": await setFlashToast({ type: "success", title: t.book.created }) } });
    },
    { values: form, where: "book a service" },
  );
}

const textareaClass =
  "w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-destructive sm:text-sm";

export default function BookService({ loaderData, actionData }: Route.ComponentProps) {
  const { service, defaults, today } = loaderData;
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const values = { ...defaults.address, quantity: "1", requirements: "", desiredDate: "", ...(failed?.values ?? {}) } as Record<string, string>;
  // Checked at first, except for a provider: there the address is also the issuer's on their own
  // invoices, which a booking should not change unless asked. After a refusal (without JavaScript)
  // as it was sent.
  const saveAddress = failed?.values ? failed.values.saveAddress === "on" : !defaults.providerDetails;
  const errors = failed?.fieldErrors ?? {};
  const [quantity, setQuantity] = useState(values.quantity ?? "1");
  // The field is the browser's own: a quantity typed before the scripts ran is where the total starts.
  const quantityField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (quantityField.current) setQuantity(quantityField.current.value);
  }, []);
  // Without JavaScript nothing follows the field, so the total is shown as its formula.
  const hydrated = useHydrated();
  const busy = useNavigation().state === "submitting";
  useEffect(() => {
    if (failed && Object.keys(failed.fieldErrors ?? {}).length === 0) toast.error(failed.message);
  }, [failed]);
  const hourly = service.priceUnit !== "fixed";
  // The same rule as the server's: a quantity it would refuse has no total.
  const parsed = hourly ? parseQuantity(quantity) : "1";
  const total = parsed === null ? null : fromCents(Math.round((toCents(service.price) * Math.round(Number(parsed) * 100)) / 100));
  // A refusal with field errors: the focus goes to the first marked field, whose message it reads.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (failed && Object.keys(failed.fieldErrors ?? {}).length > 0) formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [failed]);

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-10">
      <Link to={`/services/${service.id}`} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t.book.back}
      </Link>
      <Card className="mt-3">
        <CardHeader>
          <h1 className="text-2xl font-bold tracking-tight text-balance">{t.book.title(service.title)}</h1>
          <CardDescription>
            {service.seller} · {formatPrice(service.price)} {service.priceUnit === "fixed" ? `(${t.unit.fixed})` : t.unit[service.priceUnit]}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-muted-foreground">{t.book.intro}</p>
          <Form ref={formRef} method="post" className="mt-6 grid gap-5" noValidate>
            {/* The price shown here: if the provider changes it meanwhile, the server asks again. */}
            <input type="hidden" name="shownPrice" value={service.price} />
            <input type="hidden" name="shownUnit" value={service.priceUnit} />
            <div className="grid gap-2">
              <Label htmlFor="order-requirements">{t.book.requirements}</Label>
              <textarea
                id="order-requirements"
                name="requirements"
                rows={6}
                maxLength={REQUIREMENTS_MAX}
                required
                defaultValue={values.requirements}
                aria-invalid={errors.requirements ? true : undefined}
                aria-describedby={errors.requirements ? "order-requirements-error" : "order-requirements-hint"}
                className={textareaClass}
              />
              {errors.requirements ? (
                <p id="order-requirements-error" className="text-sm font-medium text-destructive">
                  {errors.requirements}
                </p>
              ) : (
                <p id="order-requirements-hint" className="text-xs text-muted-foreground">
                  {t.book.requirementsHint}
                </p>
              )}
            </div>
            <div className="grid gap-5 sm:grid-cols-2">
              <FormField id="order-date" name="desiredDate" type="date" min={today} label={t.book.desiredDate} defaultValue={values.desiredDate} error={errors.desiredDate} />
              {hourly && (
                <FormField
                  id="order-quantity"
                  name="quantity"
                  inputMode="decimal"
                  label={t.book.quantity[service.priceUnit]}
                  ref={quantityField}
                  defaultValue={values.quantity ?? "1"}
                  onChange={(event) => setQuantity(event.currentTarget.value)}
                  error={errors.quantity}
                  required
                />
              )}
            </div>
            <fieldset className="grid gap-4 rounded-lg border p-4">
              <legend className="px-1 text-sm font-semibold">{t.book.addressLegend}</legend>
              <p className="-mt-1 text-xs text-muted-foreground">{t.book.addressHint}</p>
              <AddressFields idPrefix="order" values={values} errors={errors} nameAutoComplete="name" />
              <div className="flex items-start gap-2">
                <input
                  id="order-save-address"
                  type="checkbox"
                  name="saveAddress"
                  defaultChecked={saveAddress}
                  aria-describedby="order-save-address-hint"
                  className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                />
                <div className="grid gap-1">
                  <Label htmlFor="order-save-address">{t.book.saveAddress}</Label>
                  <p id="order-save-address-hint" className="text-xs text-muted-foreground">
                    {defaults.providerDetails ? t.book.saveAddressHintProvider : t.book.saveAddressHint}
                  </p>
                </div>
              </div>
            </fieldset>
            <div className="rounded-lg bg-muted p-4">
              <p className="flex items-baseline justify-between gap-3">
                <span className="font-medium">{t.book.total}</span>
                {hourly && !hydrated ? (
                  <span className="text-right">
                    <span className="text-xl font-bold tabular-nums">{formatPrice(service.price)}</span>{" "}
                    <span className="text-sm whitespace-nowrap text-muted-foreground">{t.book.totalTimes(t.book.quantity[service.priceUnit])}</span>
                  </span>
                ) : (
                  <span className={total === null ? "text-sm text-muted-foreground" : "text-xl font-bold tabular-nums"} aria-live="polite">
                    {total === null ? t.book.totalUnknown : formatPrice(total)}
                  </span>
                )}
              </p>
              <p className="mt-1 text-xs text-muted-foreground">{t.book.totalNote}</p>
            </div>
            <div>
              <Button type="submit" size="lg" disabled={busy}>
                {busy ? t.book.submitting : t.book.submit}
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
