import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { toast } from "~/components/ui/toast";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Label } from "~/components/ui/label";
import { PRICE_UNITS } from "~/features/orders/limits";
import { de } from "~/i18n/de";
import { ordersDe } from "~/i18n/orders.de";
import { fieldErrors } from "~/lib/validation";
import { listingFactsDe } from "~/i18n/listing-facts.de";
import { WORK_CITY_MAX, WORK_PLACES } from "../listing-facts";
import { SERVICE_DESCRIPTION_MAX, SERVICE_TITLE_MAX } from "../schema";

/**
 * The service form's error toasts: a newer refusal replaces the one shown, and leaving the form (a
 * success goes to the service page with its own toast) removes it. Each toast gets a fresh id:
 * sonner keeps a dismissed toast's id while it fades out, and a new toast under that id would stay hidden.
 */
const shownErrors = new Set<string | number>();

function dismissServiceFormErrors() {
  for (const id of shownErrors) toast.dismiss(id);
  shownErrors.clear();
}

export function showServiceFormError(title: string, description?: string) {
  dismissServiceFormErrors();
  shownErrors.add(toast.error(title, { description }));
}

export interface ServiceFormValues {
  title: string;
  description: string;
  price: string;
  priceUnit: string;
  /** Empty: "nach Vereinbarung". */
  deliveryDays: string;
  workPlace: string;
  workCity: string;
  category: string;
}

const selectClass =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-[invalid=true]:border-destructive";

/**
 * Title, description, price and category. The action's Zod schema checks the input here first
 * (no round trip for a missing title) and again on the server, which alone decides.
 */
export function ServiceForm({
  schema,
  categories,
  defaults,
  errors: serverErrors,
  invalidTitle,
  submitLabel,
  cancelTo,
  images,
}: {
  schema: z.ZodType;
  categories: readonly string[];
  defaults?: Partial<ServiceFormValues>;
  errors?: Record<string, string>;
  /** The toast title when the input is refused, e.g. 'Error creating service'. */
  invalidTitle: string;
  submitLabel: string;
  cancelTo: string;
  /** The image field (ServiceImagesField), shown before the buttons. */
  images?: ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  const { pathname } = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  // What the browser found, remembered with the server answer it was found over: a newer
  // answer from the server replaces it.
  const [client, setClient] = useState<{ over: typeof serverErrors; errors: Record<string, string> } | null>(null);
  const errors = client && client.over === serverErrors ? client.errors : serverErrors;
  // A success leaves the form (to the service page with its own toast): earlier errors go with it.
  useEffect(() => dismissServiceFormErrors, []);

  const check = (event: FormEvent<HTMLFormElement>) => {
    const result = schema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (result.success) return setClient(null);
    event.preventDefault();
    const found = fieldErrors(result.error);
    setClient({ over: serverErrors, errors: found });
    showServiceFormError(invalidTitle, Object.values(found)[0]);
    const first = Object.keys(found)[0];
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  return (
    // Multipart: without JavaScript the image field's buttons submit this form with the chosen files.
    // Posted to the page's address without its query: after a plain image upload that address
    // carries the upload marker (service-images-field), which a save must not.
    <Form ref={formRef} method="post" action={pathname} encType="multipart/form-data" className="grid gap-5" noValidate onSubmit={check}>
      {/* Enter in a field submits the form's first submit button: this one saves, not the image
          field's buttons (which, without JavaScript, are submit buttons too and come before "save"). */}
      {images && (
        <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only" disabled={busy}>
          {submitLabel}
        </button>
      )}
      <FormField
        id="service-title"
        name="title"
        label={de.services.form.title}
        placeholder={de.services.form.titlePlaceholder}
        required
        maxLength={SERVICE_TITLE_MAX}
        defaultValue={defaults?.title}
        error={errors?.title}
      />
      <div className="grid gap-2">
        <Label htmlFor="service-description">
          {de.services.form.description} <span className="font-normal text-muted-foreground">({de.services.form.descriptionHint})</span>
        </Label>
        <textarea
          id="service-description"
          name="description"
          rows={6}
          maxLength={SERVICE_DESCRIPTION_MAX}
          defaultValue={defaults?.description}
          placeholder={de.services.form.descriptionPlaceholder}
          aria-invalid={errors?.description ? true : undefined}
          aria-describedby={errors?.description ? "service-description-error" : undefined}
          className="w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-[invalid=true]:border-destructive sm:text-sm"
        />
        {errors?.description && (
          <p id="service-description-error" className="text-sm font-medium text-destructive">
            {errors.description}
          </p>
        )}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          id="service-price"
          name="price"
          // Text, not a number field: the browser would drop the comma of "49,90" and read "1.250"
          // as 1,25 before the schema (../price-input) sees what was typed.
          type="text"
          inputMode="decimal"
          autoComplete="off"
          label={de.services.form.price}
          hint={de.services.form.priceHint}
          required
          defaultValue={defaults?.price}
          error={errors?.price}
        />
        <div className="grid content-start gap-2">
          <Label htmlFor="service-price-unit">{ordersDe.priceUnitLabel}</Label>
          <select
            id="service-price-unit"
            name="priceUnit"
            defaultValue={defaults?.priceUnit ?? "fixed"}
            aria-invalid={errors?.priceUnit ? true : undefined}
            aria-describedby={errors?.priceUnit ? "service-price-unit-error" : undefined}
            className={selectClass}
          >
            {PRICE_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {ordersDe.unit[unit]}
              </option>
            ))}
          </select>
          {errors?.priceUnit && (
            <p id="service-price-unit-error" className="text-sm font-medium text-destructive">
              {errors.priceUnit}
            </p>
          )}
        </div>
        <FormField
          id="service-delivery-days"
          name="deliveryDays"
          // Text as well: a number field turns a typed "3,5" into 35 days without a word; the
          // schema refuses anything but whole days with the field's message.
          type="text"
          inputMode="numeric"
          autoComplete="off"
          label={listingFactsDe.form.deliveryDays}
          hint={listingFactsDe.form.deliveryHint}
          defaultValue={defaults?.deliveryDays ?? ""}
          error={errors?.deliveryDays}
        />
        <div className="grid content-start gap-2">
          <Label htmlFor="service-work-place">{listingFactsDe.form.workPlace}</Label>
          <select
            id="service-work-place"
            name="workPlace"
            defaultValue={defaults?.workPlace ?? "remote"}
            aria-invalid={errors?.workPlace ? true : undefined}
            aria-describedby={errors?.workPlace ? "service-work-place-error" : undefined}
            className={selectClass}
          >
            {WORK_PLACES.map((place) => (
              <option key={place} value={place}>
                {listingFactsDe.form.workPlaces[place]}
              </option>
            ))}
          </select>
          {errors?.workPlace && (
            <p id="service-work-place-error" className="text-sm font-medium text-destructive">
              {errors.workPlace}
            </p>
          )}
        </div>
        {/* Always shown (also without JavaScript); the server drops it for a remote service. */}
        <FormField
          id="service-work-city"
          name="workCity"
          autoComplete="address-level2"
          maxLength={WORK_CITY_MAX}
          label={listingFactsDe.form.workCity}
          hint={listingFactsDe.form.workCityHint}
          defaultValue={defaults?.workCity ?? ""}
          error={errors?.workCity}
        />
        <div className="grid content-start gap-2 sm:col-span-2">
          <Label htmlFor="service-category">{de.services.form.category}</Label>
          <select
            id="service-category"
            name="category"
            required
            defaultValue={defaults?.category ?? ""}
            aria-invalid={errors?.category ? true : undefined}
            aria-describedby={errors?.category ? "service-category-error" : undefined}
            className={selectClass}
          >
            <option value="" disabled>
              {de.services.form.chooseCategory}
            </option>
            {categories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          {errors?.category && (
            <p id="service-category-error" className="text-sm font-medium text-destructive">
              {errors.category}
            </p>
          )}
        </div>
      </div>
      {images}
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to={cancelTo}>{de.services.form.cancel}</Link>
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? de.services.form.saving : submitLabel}
        </Button>
      </div>
    </Form>
  );
}
