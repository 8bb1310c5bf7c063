import { BadgeCheck, CalendarDays, ExternalLink, Eye, Pencil, ShieldCheck, UserRound } from "~/components/ui/icons";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useActionData, useFetcher, useSearchParams } from "react-router";
import { formToasts } from "~/components/ui/toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { de } from "~/i18n/de";
import { outcomeOf } from "~/lib/action-outcome";
import { displayName, formatDate } from "~/lib/format";
import type { action } from "~/routes/profile";
import { BIO_MAX, EDIT_PROFILE_PARAM, PROFILE_DIALOG_PARAM } from "../schema";
import { AvatarUpload } from "./avatar-upload";
import { ChangeEmailDialog, ChangeEmailOpenerForm, ChangeEmailPanel, EMAIL_DIALOG } from "./change-email-dialog";
import { ThemeSwitch } from "./theme-switch";
import type { ProfileView } from "./types";

const textareaClass =
  "w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-destructive sm:text-sm";

/**
 * The edit mode works without JavaScript too: "Profil bearbeiten" is the button of a GET form that
 * asks for /profile?bearbeiten (the server renders the page with the form open, scrolled to it);
 * the form posts to /profile, which sends a saved profile back to /profile and renders a refused
 * one with the form open again ("Abbrechen" is a link back to /profile). With JavaScript the same
 * controls open and close the form in place; the focus goes to its first field when it opens and
 * back to "Profil bearbeiten" when it closes (saved or cancelled), not to the page's start.
 */
export function PersonalInfo({ profile, theme }: { profile: ProfileView; theme: "light" | "dark" }) {
  const [params] = useSearchParams();
  // Without JavaScript the form posted to the page: a refusal comes back as the page's action data.
  const actionData = useActionData<typeof action>();
  const posted = outcomeOf(actionData, "updateProfile");
  const refused = posted && !posted.ok ? posted : undefined;
  // The change-email form on the page (/profile?dialog=email), also after its refusal.
  const emailPosted = outcomeOf(actionData, "changeEmail");
  const emailRefused = emailPosted && !emailPosted.ok ? emailPosted : undefined;
  const emailPanel = params.get(PROFILE_DIALOG_PARAM) === EMAIL_DIALOG || emailRefused !== undefined;
  const [editing, setEditing] = useState(() => params.has(EDIT_PROFILE_PARAM) || refused !== undefined);
  // Where the focus goes once the switch between view and form is rendered (only after the user's own switch).
  const focusNext = useRef<"form" | "opener" | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const next = focusNext.current;
    focusNext.current = null;
    if (next === "form") document.getElementById(FIRST_FIELD_ID)?.focus();
    else if (next === "opener") opener.current?.focus();
  }, [editing]);
  const close = useCallback(() => {
    focusNext.current = "opener";
    setEditing(false);
  }, []);
  const name = displayName(profile.firstName, profile.lastName);

  return (
    <Card>
      <CardHeader>
        <h2 id="personal-info" className="text-xl font-semibold">
          {de.profile.personalInfo}
        </h2>
        <CardDescription>{de.profile.personalInfoText}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
          <AvatarUpload avatarUrl={profile.avatarUrl} firstName={profile.firstName} lastName={profile.lastName} />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <p className="text-2xl font-bold tracking-tight">{name}</p>
              <Badge variant="outline">
                <UserRound className="size-3.5" aria-hidden="true" />
                {de.profile.role(profile.role)}
              </Badge>
              {profile.role === "support" && (
                <Badge variant="secondary">
                  <ShieldCheck className="size-3.5" aria-hidden="true" />
                  {de.profile.support}
                </Badge>
              )}
              {profile.isPremium && (
                <Badge className="bg-amber-100 text-amber-900 dark:bg-amber-400/20 dark:text-amber-200">
                  <BadgeCheck className="size-3.5" aria-hidden="true" />
                  {de.profile.premium}
                </Badge>
              )}
            </div>
            <p className="mt-1 break-all text-muted-foreground">{profile.email}</p>
            <p className="text-muted-foreground">{profile.username ? `@${profile.username}` : de.profile.noUsername}</p>
            <div className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground">
              <span className="inline-flex items-center gap-1.5">
                <Eye className="size-4" aria-hidden="true" />
                {de.profile.profileViews(profile.profileViews)}
              </span>
              <span className="inline-flex items-center gap-1.5">
                <CalendarDays className="size-4" aria-hidden="true" />
                {de.profile.memberSince(formatDate(profile.createdAt, "monthYear"))}
              </span>
            </div>
          </div>
        </div>

        {editing ? (
          <EditProfileForm profile={profile} refused={refused} onDone={close} />
        ) : (
          <>
            <div>
              <h3 className="text-sm font-medium text-muted-foreground">{de.profile.bio}</h3>
              <p className="mt-1 whitespace-pre-line break-words">{profile.bio || de.profile.noBio}</p>
            </div>
            <div className="flex flex-col gap-2 sm:flex-row">
              <form
                method="get"
                action={`/profile#${EDIT_FORM_ID}`}
                className="grid"
                onSubmit={(event) => {
                  event.preventDefault();
                  focusNext.current = "form";
                  setEditing(true);
                }}
              >
                <Button ref={opener} type="submit" name={EDIT_PROFILE_PARAM} value="">
                  <Pencil aria-hidden="true" />
                  {de.profile.edit}
                </Button>
              </form>
              <Button asChild variant="outline">
                <Link to={profile.username ? `/u/${encodeURIComponent(profile.username)}` : `/public-profile/${profile.userId}`}>
                  <ExternalLink aria-hidden="true" />
                  {de.profile.publicProfileLink}
                </Link>
              </Button>
            </div>
          </>
        )}

        {emailPanel && <ChangeEmailPanel currentEmail={profile.email} refused={emailRefused} />}
        <ChangeEmailOpenerForm />
        <ThemeSwitch theme={theme} />
      </CardContent>
    </Card>
  );
}

const profileToast = formToasts("profile-answer");
const EDIT_FORM_ID = "edit-profile";
const FIRST_FIELD_ID = "first-name";

/** A save refused on a page without JavaScript: its messages, and what was typed. */
type Refusal = { fieldErrors: Record<string, string>; values?: Record<string, string> };

function EditProfileForm({ profile, refused, onDone }: { profile: ProfileView; refused: Refusal | undefined; onDone: () => void }) {
  const fetcher = useFetcher<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  // What a refused post without JavaScript sent: shown again rather than the saved values.
  const typed = refused?.values;
  const [bio, setBio] = useState(typed?.bio ?? profile.bio ?? "");
  const result = outcomeOf(fetcher.data, "updateProfile");
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      profileToast.success(de.profile.updatedTitle, { description: de.profile.updatedText });
      onDone();
    } else {
      profileToast.error(de.profile.updateErrorTitle, { description: de.profile.updateErrorText });
      // The first field with a message, else the button that was pressed (it was disabled meanwhile).
      const form = formRef.current;
      (form?.querySelector<HTMLElement>("[aria-invalid=true]") ?? form?.querySelector<HTMLElement>("button[type=submit]"))?.focus();
    }
  }, [result, onDone]);

  const errors = (result && !result.ok ? result.fieldErrors : undefined) ?? refused?.fieldErrors;
  const bioError = errors?.bio;
  return (
    <fetcher.Form ref={formRef} id={EDIT_FORM_ID} method="post" action="/profile" className="grid gap-4" noValidate aria-labelledby="edit-profile-heading">
      <h3 id="edit-profile-heading" className="sr-only">
        {de.profile.edit}
      </h3>
      <input type="hidden" name="intent" value="updateProfile" />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={FIRST_FIELD_ID}
          name="firstName"
          label={de.profile.firstName}
          defaultValue={typed?.firstName ?? profile.firstName}
          autoComplete="given-name"
          maxLength={50}
          error={errors?.firstName}
          required
        />
        <FormField
          id="last-name"
          name="lastName"
          label={de.profile.lastName}
          defaultValue={typed?.lastName ?? profile.lastName}
          autoComplete="family-name"
          maxLength={50}
          error={errors?.lastName}
          required
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="profile-email">{de.profile.email}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input id="profile-email" type="email" value={profile.email} disabled readOnly />
          <ChangeEmailDialog currentEmail={profile.email} />
        </div>
      </div>
      <FormField
        id="username"
        name="username"
        label={de.profile.username}
        placeholder={de.profile.usernamePlaceholder}
        defaultValue={typed?.username ?? profile.username ?? ""}
        autoComplete="username"
        maxLength={30}
        hint={de.profile.usernameHint}
        error={errors?.username}
      />
      <div className="grid gap-2">
        <Label htmlFor="bio">{de.profile.bio}</Label>
        <textarea
          id="bio"
          name="bio"
          rows={4}
          maxLength={BIO_MAX}
          value={bio}
          onChange={(event) => setBio(event.currentTarget.value)}
          placeholder={de.profile.bioPlaceholder}
          aria-invalid={bioError ? true : undefined}
          aria-describedby={bioError ? "bio-counter bio-error" : "bio-counter"}
          className={textareaClass}
        />
        <p id="bio-counter" className="text-right text-xs text-muted-foreground">
          {de.profile.bioCounter(bio.length, BIO_MAX)}
        </p>
        {bioError && (
          <p id="bio-error" className="text-sm font-medium text-destructive">
            {bioError}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        {/* A link back to the profile without JavaScript; with it, the form closes in place. */}
        <Button asChild variant="outline">
          <Link
            to="/profile"
            onClick={(event) => {
              event.preventDefault();
              onDone();
            }}
          >
            {de.profile.cancel}
          </Link>
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? de.profile.saving : de.profile.save}
        </Button>
      </div>
    </fetcher.Form>
  );
}
