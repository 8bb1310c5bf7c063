import { z } from "zod";
import { de } from "~/i18n/de";

// Form schemas shared by the forms (client hints) and the actions (the rules).

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

const email = z
  .string({ message: de.auth.errors.emailRequired })
  .trim()
  .min(1, { message: de.auth.errors.emailRequired })
  .max(254, { message: de.auth.errors.emailInvalid })
  .pipe(z.email({ message: de.auth.errors.emailInvalid }))
  .transform((value) => value.toLowerCase());

const name = (required: string) =>
  z
    .string({ message: required })
    .trim()
    .min(1, { message: required })
    .max(50, { message: de.auth.errors.nameTooLong });

export const signInSchema = z.object({
  email,
  password: z.string({ message: de.auth.errors.passwordRequired }).min(1, { message: de.auth.errors.passwordRequired }),
});

export const signUpSchema = z.object({
  firstName: name(de.auth.errors.firstNameRequired),
  lastName: name(de.auth.errors.lastNameRequired),
  email,
  password: z
    .string({ message: de.auth.errors.passwordTooShort })
    .min(PASSWORD_MIN, { message: de.auth.errors.passwordTooShort })
    .max(PASSWORD_MAX, { message: de.auth.errors.passwordTooLong }),
  terms: z.literal("on", { message: de.auth.termsRequired }),
});

export const emailOnlySchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1),
    password: z
      .string({ message: de.resetPassword.tooShort })
      .min(PASSWORD_MIN, { message: de.resetPassword.tooShort })
      .max(PASSWORD_MAX, { message: de.resetPassword.tooLong }),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: de.resetPassword.mismatch, path: ["confirmPassword"] });

/** The first message per field (one helper for every form: ~/lib/validation). */
export { fieldErrors } from "~/lib/validation";
