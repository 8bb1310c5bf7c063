import { z } from "zod";
import { BIO_MAX, GALLERY_MAX } from "~/db/schema/profiles";
import { de } from "~/i18n/de";

// Form schemas shared by the profile forms (client hints) and the actions (the rules).

export { BIO_MAX, GALLERY_MAX };
export const NAME_MAX = 50;
/** Avatar and each gallery image (spec section 9). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** What the file pickers offer; the server decides from the bytes. */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/gif,image/webp";
/** The word that unlocks account deletion (spec section 9), compared exactly. */
export const DELETE_CONFIRMATION_WORD = "BESTÄTIGEN";

/** /profile?bearbeiten: the profile with its edit form open (how "Profil bearbeiten" works without JavaScript). */
export const EDIT_PROFILE_PARAM = "bearbeiten";
/**
 * /profile?dialog=email and /profile?dialog=delete: the page with the change-email or the
 * delete-account form on the page itself (how those dialogs work without JavaScript).
 */
export const PROFILE_DIALOG_PARAM = "dialog";
export type ProfileDialog = "email" | "delete";
/** URL-safe and the same rule as the database check (profiles_username_format). */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,30}$/;

const name = (required: string) =>
  z
    .string({ message: required })
    .trim()
    .min(1, { message: required })
    .max(NAME_MAX, { message: de.profile.errors.nameTooLong });

export const profileUpdateSchema = z.object({
  firstName: name(de.profile.errors.firstNameRequired),
  lastName: name(de.profile.errors.lastNameRequired),
  // Empty means "no username" (the public profile is then reachable by id only).
  username: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .pipe(z.union([z.literal(""), z.string().regex(USERNAME_PATTERN, { message: de.profile.errors.usernameFormat })]))
    .transform((v) => (v === "" ? null : v)),
  bio: z
    .string()
    .optional()
    .transform((v) => (v ?? "").replace(/\r\n/g, "\n").trim())
    .pipe(z.string().max(BIO_MAX, { message: de.profile.errors.bioTooLong }))
    .transform((v) => (v === "" ? null : v)),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const changeEmailSchema = z.object({
  newEmail: z
    .string({ message: de.profile.changeEmail.emailInvalid })
    .trim()
    .min(1, { message: de.profile.changeEmail.emailInvalid })
    .max(254, { message: de.profile.changeEmail.emailInvalid })
    .pipe(z.email({ message: de.profile.changeEmail.emailInvalid }))
    .transform((v) => v.toLowerCase()),
  password: z.string({ message: de.profile.changeEmail.passwordRequired }).min(1, { message: de.profile.changeEmail.passwordRequired }),
});

/** The Change Email button is enabled only for a new, different address (spec section 5). */
export function canSubmitNewEmail(newEmail: string, currentEmail: string): boolean {
  const value = newEmail.trim().toLowerCase();
  return value.length > 0 && value !== currentEmail.trim().toLowerCase();
}

export const deleteAccountSchema = z.object({
  confirmation: z.literal(DELETE_CONFIRMATION_WORD, { message: de.profile.danger.wrongWord }),
});

export const themeSchema = z.object({ theme: z.enum(["light", "dark"]) });
