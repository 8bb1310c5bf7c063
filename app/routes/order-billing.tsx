import { ArrowLeft } from "~/components/ui/icons";
import { useEffect } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { AddressFields } from "~/features/orders/components/address-fields";
import { getBillingProfile, saveBillingProfile } from "~/features/orders/billing.server";
import { VAT_RATES } from "~/features/orders/limits";
import { formatIban } from "~/features/orders/schema";
import { pageMeta } from "~/i18n/de";
import { ordersDe as t } from "~/i18n/orders.de";
import { setFlashToast } from "~/lib/flash.server";
import { readForm } from "~/lib/forms.server";
import { database, signedInUser } from "~/lib/request-context.server";
import { actionResult } from "~/lib/responses.server";
import type { PolicyHandle } from "~/lib/route-policy";
import { safeRedirectPath } from "~/lib/safe-redirect";
import type { Route } from "./+types/order-billing";

/** Billing details show on no public page. */
export const handle = { policy: { pageCache: "unaffected" } } satisfies PolicyHandle;

export function meta() {
  return pageMeta(t.billing.title, t.billing.metaDescription, { robots: "noindex" });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = signedInUser(context);
  const profile = await getBillingProfile(await database(context), user.id);
  const back = safeRedirectPath(new URL(request.url).searchParams.get("zurueck"), "/orders");
  return {
    back,
    values: profile
      ? {
          name: profile.name,
          street: profile.street,
          postalCode: profile.postalCode,
          city: profile.city,
          country: profile.country,
          taxNumber: profile.taxNumber ?? "",
          vatId: profile.vatId ?? "",
          smallBusiness: profile.smallBusiness ? "on" : "",
          vatRate: String(profile.vatRate),
          iban: profile.iban ? formatIban(profile.iban) : "",
          bic: profile.bic ?? "",
          bankName: profile.bankName ?? "",
        }
      : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = signedInUser(context);
  const form = await readForm(request);
  const back = safeRedirectPath(new URL(request.url).searchParams.get("zurueck"), "/orders");
  return actionResult(
    async () => {
      await saveBillingProfile(await database(context), user.id, form);
      throw redirect(back, { headers: { "Set-Cookie": await setFlashToast({ type: "success", title: t.billing.saved }) } });
    },
    { values: form, where: "billing details" },
  );
}

export default function Billing({ loaderData, actionData }: Route.ComponentProps) {
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const values: Record<string, string> = { country: "Deutschland", vatRate: "19", ...(loaderData.values ?? {}), ...(failed?.values ?? {}) };
  const errors = failed?.fieldErrors ?? {};
  const busy = useNavigation().state === "submitting";
  useEffect(() => {
    if (failed && Object.keys(failed.fieldErrors ?? {}).length === 0) toast.error(failed.message);
  }, [failed]);
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-10">
      <Link to={loaderData.back} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t.detail.back}
      </Link>
      <Card className="mt-3">
        <CardHeader>
          <h1 className="text-2xl font-bold tracking-tight">{t.billing.title}</h1>
          <CardDescription>{t.billing.intro}</CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" className="grid gap-6" noValidate>
            <fieldset className="grid gap-4">
              <legend className="mb-2 text-sm font-semibold">{t.billing.addressLegend}</legend>
              <AddressFields idPrefix="billing" values={values} errors={errors} nameAutoComplete="organization" />
            </fieldset>
            <fieldset className="grid gap-4">
              <legend className="mb-2 text-sm font-semibold">{t.billing.taxLegend}</legend>
              <p className="-mt-2 text-xs text-muted-foreground">{t.billing.taxHint}</p>
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField id="billing-tax-number" name="taxNumber" label={t.billing.taxNumber} defaultValue={values.taxNumber} error={errors.taxNumber} maxLength={30} />
                <FormField id="billing-vat-id" name="vatId" label={t.billing.vatId} defaultValue={values.vatId} error={errors.vatId} maxLength={20} placeholder="DE123456789" />
              </div>
              <label className="flex items-start gap-2 text-sm">
                <input type="checkbox" name="smallBusiness" defaultChecked={values.smallBusiness === "on"} className="mt-0.5 size-4 accent-primary" />
                <span>{t.billing.smallBusiness}</span>
              </label>
              <div className="grid gap-2">
                <label htmlFor="billing-vat-rate" className="text-sm font-medium">
                  {t.billing.vatRate}
                </label>
                <select
                  id="billing-vat-rate"
                  name="vatRate"
                  defaultValue={values.vatRate}
                  className="h-10 w-full rounded-md border border-input bg-background px-3 text-base shadow-xs focus-visible:outline-2 focus-visible:outline-ring sm:w-40 sm:text-sm"
                >
                  {VAT_RATES.map((rate) => (
                    <option key={rate} value={rate}>
                      {t.billing.vatRateOption(rate)}
                    </option>
                  ))}
                </select>
              </div>
            </fieldset>
            <fieldset className="grid gap-4">
              <legend className="mb-2 text-sm font-semibold">{t.billing.bankLegend}</legend>
              <FormField id="billing-iban" name="iban" autoComplete="off" label={t.billing.iban} defaultValue={values.iban} error={errors.iban} maxLength={42} placeholder="DE89 3704 0044 0532 0130 00" />
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField id="billing-bic" name="bic" autoComplete="off" label={t.billing.bic} defaultValue={values.bic} error={errors.bic} maxLength={11} />
                <FormField id="billing-bank" name="bankName" label={t.billing.bankName} defaultValue={values.bankName} error={errors.bankName} maxLength={80} />
              </div>
            </fieldset>
            <div>
              <Button type="submit" disabled={busy}>
                {t.billing.submit}
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
