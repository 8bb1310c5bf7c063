import { z } from "zod";
import { ordersDe as t } from "~/i18n/orders.de";
import { NOTE_MAX, REQUIREMENTS_MAX, VAT_RATES } from "./limits";
import { parseQuantity } from "./quantity";

/** Form schemas of orders and billing details (checked on the server; the forms use the same limits). */

const v = t.validation;

const requiredText = (max: number, message: string = v.required) =>
  z
    .string({ message })
    .trim()
    .min(1, { message })
    .max(max, { message: v.tooLong(max) });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: v.tooLong(max) })
    .optional()
    .transform((value) => (value ? value : null));

/** Today in Germany as YYYY-MM-DD (a "not in the past" date is judged by the German calendar day). */
export function todayInGermany(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A checkbox: sent as "on" when checked, not at all when not. */
const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("1"), z.literal("")])
  .optional()
  .transform((value) => value === "on" || value === "true" || value === "1");

/** Names a country may go by in the form when it is Germany (the field's default). */
const GERMANY = /^(deutschland|germany|de|brd|bundesrepublik deutschland)$/i;

/**
 * A German postal code is five digits: "ABCDE" with "Deutschland" would end up on an invoice.
 * Other countries keep the general check (3–10 letters, digits, spaces, hyphens).
 */
function germanPostalCode(value: { postalCode: string; country: string }, ctx: z.RefinementCtx) {
  if (GERMANY.test(value.country) && !/^\d{5}$/.test(value.postalCode)) {
    ctx.addIssue({ code: "custom", path: ["postalCode"], message: v.postalCodeGermany });
  }
}

/** How far ahead a desired date may be: further is a typo (9999-12-31), not a plan. */
const DESIRED_DATE_YEARS = 2;

export const addressSchema = z.object({
  name: requiredText(120),
  street: requiredText(120),
  postalCode: z
    .string({ message: v.required })
    .trim()
    .regex(/^[A-Za-z0-9 -]{3,10}$/, { message: v.postalCode }),
  city: requiredText(80),
  country: z
    .string()
    .trim()
    .max(60, { message: v.tooLong(60) })
    .optional()
    .transform((value) => value || "Deutschland"),
});

/** "1,5" and "1.5" are the same quantity; at most two decimals. */
const quantity = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    const parsed = parseQuantity(value ?? "");
    if (parsed === null) {
      ctx.addIssue({ code: "custom", message: v.quantityInvalid });
      return z.NEVER;
    }
    return parsed;
  });

export function bookingSchema(now: Date = new Date()) {
  return addressSchema.extend({
    requirements: requiredText(REQUIREMENTS_MAX, v.requirementsRequired).refine((s) => s.length <= REQUIREMENTS_MAX, {
      message: v.requirementsTooLong,
    }),
    desiredDate: z
      .string()
      .trim()
      .optional()
      .transform((value, ctx) => {
        if (!value) return null;
        if (!isRealDate(value)) {
          ctx.addIssue({ code: "custom", message: v.dateInvalid });
          return z.NEVER;
        }
        if (value < todayInGermany(now)) {
          ctx.addIssue({ code: "custom", message: v.dateInPast });
          return z.NEVER;
        }
        const latest = new Date(now);
        latest.setFullYear(latest.getFullYear() + DESIRED_DATE_YEARS);
        if (value > todayInGermany(latest)) {
          ctx.addIssue({ code: "custom", message: v.dateTooFar });
          return z.NEVER;
        }
        return value;
      }),
    quantity,
    /** The buyer asked to keep this address in their billing details (the form's box is checked at first). */
    saveAddress: checkbox,
  }).superRefine(germanPostalCode);
}

export const declineSchema = z.object({ reason: requiredText(NOTE_MAX, v.reasonRequired) });
export const deliverSchema = z.object({ note: requiredText(NOTE_MAX, v.noteRequired) });
export const revisionSchema = z.object({ note: requiredText(NOTE_MAX, v.revisionRequired) });

/** IBAN check digits (ISO 13616, mod 97). */
export function isValidIban(raw: string): boolean {
  const iban = raw.replace(/\s+/g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  if (iban.startsWith("DE") && iban.length !== 22) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder === 1;
}

/** "DE89 3704 0044 0532 0130 00" */
export function formatIban(raw: string): string {
  return raw
    .replace(/\s+/g, "")
    .toUpperCase()
    .replace(/(.{4})/g, "$1 ")
    .trim();
}

export const billingSchema = addressSchema
  .extend({
    taxNumber: optionalText(30).refine((value) => value === null || /^[0-9 /-]{10,20}$/.test(value), { message: v.taxNumber }),
    vatId: optionalText(20).transform((value, ctx) => {
      if (value === null) return null;
      const compact = value.replace(/\s+/g, "").toUpperCase();
      if (!/^[A-Z]{2}[A-Z0-9]{8,12}$/.test(compact) || (compact.startsWith("DE") && !/^DE\d{9}$/.test(compact))) {
        ctx.addIssue({ code: "custom", message: v.vatId });
        return z.NEVER;
      }
      return compact;
    }),
    smallBusiness: checkbox,
    vatRate: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const rate = Number(value || 19);
        if (!(VAT_RATES as readonly number[]).includes(rate)) {
          ctx.addIssue({ code: "custom", message: v.required });
          return z.NEVER;
        }
        return rate;
      }),
    iban: optionalText(42).transform((value, ctx) => {
      if (value === null) return null;
      if (!isValidIban(value)) {
        ctx.addIssue({ code: "custom", message: v.iban });
        return z.NEVER;
      }
      return value.replace(/\s+/g, "").toUpperCase();
    }),
    bic: optionalText(11).refine((value) => value === null || /^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$/.test(value), { message: v.bic }),
    bankName: optionalText(80),
  })
  .superRefine(germanPostalCode)
  .transform((value) => ({ ...value, bic: value.bic?.toUpperCase() ?? null }));

export type BillingInput = z.output<typeof billingSchema>;
