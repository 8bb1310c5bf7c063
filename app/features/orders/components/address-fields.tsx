import { FormField } from "~/components/ui/form-field";
import { ordersDe as t } from "~/i18n/orders.de";

/**
 * The postal address of the booking form (the buyer's invoice address) and of the billing details:
 * the same fields, limits and autocomplete hints (app/features/orders/schema.ts `addressSchema`).
 */
export function AddressFields({
  idPrefix,
  values,
  errors,
  nameAutoComplete,
}: {
  idPrefix: string;
  values: Record<string, string | undefined>;
  errors: Record<string, string | undefined>;
  /** "name" for a person ordering, "organization" for a provider's business. */
  nameAutoComplete: "name" | "organization";
}) {
  const field = (name: string, label: string, autoComplete: string, maxLength: number, required = true) => (
    <FormField
      id={`${idPrefix}-${name}`}
      name={name}
      autoComplete={autoComplete}
      label={label}
      defaultValue={values[name]}
      error={errors[name]}
      required={required}
      maxLength={maxLength}
    />
  );
  return (
    <>
      {field("name", t.fields.name, nameAutoComplete, 120)}
      {field("street", t.fields.street, "street-address", 120)}
      <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
        {field("postalCode", t.fields.postalCode, "postal-code", 10)}
        {field("city", t.fields.city, "address-level2", 80)}
      </div>
      {field("country", t.fields.country, "country-name", 60, false)}
    </>
  );
}
