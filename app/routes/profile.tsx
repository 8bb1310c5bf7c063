import { UserX } from "~/components/ui/icons";
import { data, Link, redirect, useRouteLoaderData } from "react-router";
import { Button } from "~/components/ui/button";
import { accountsContext, signOutEverywhere } from "~/features/auth/accounts.server";
import { listBlockedUsers } from "~/features/blocks/blocks.server";
import { BlockedUsersSection } from "~/features/blocks/components/blocked-users-section";
import { listFavorites, setFavorite } from "~/features/favorites/favorites.server";
import { DangerZone, PrivacySection } from "~/features/profile/components/account-sections";
import { FavoritesSection } from "~/features/profile/components/favorites-section";
import { GallerySection } from "~/features/profile/components/gallery-section";
import { SavedSearchesSection } from "~/features/saved-searches/components/saved-searches-section";
import { NotificationSettingsSection } from "~/features/profile/components/notification-settings-section";
import { updateNotificationSettings } from "~/features/notifications/settings-form.server";
import { loadNotificationSettings } from "~/features/notifications/settings.server";
import { filtersOfSavedQuery, savedQueryOf } from "~/features/saved-searches/query";
import { deleteSavedSearch, listSavedSearches, saveSearch } from "~/features/saved-searches/saved-searches.server";
import { PersonalInfo } from "~/features/profile/components/personal-info";
import { PresenceSetting } from "~/features/profile/components/presence-setting";
import { deleteAccount } from "~/features/profile/delete-account.server";
import { requestEmailChange } from "~/features/profile/email.server";
import { removeGalleryImage } from "~/features/profile/images.server";
import { getOwnProfile, saveTheme, updateProfile } from "~/features/profile/profile.server";
import { preferenceCookie } from "~/features/preferences/preferences.server";
import { loadPresenceSetting } from "~/features/presence/presence.server";
import { de, pageMeta } from "~/i18n/de";
import { inboxDe } from "~/i18n/inbox.de";
import { savedSearchesDe } from "~/i18n/saved-searches.de";
import { env } from "~/lib/env.server";
import { setFlashToast, type FlashToast } from "~/lib/flash.server";
import { readForm } from "~/lib/forms.server";
import { isDocumentSubmission } from "~/lib/request-kind.server";
import { database, signedInUser } from "~/lib/request-context.server";
import { actionResult, failureOf, reportUnexpected, type ScreenTexts } from "~/lib/responses.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { getStorage } from "~/lib/storage.server";
import type { Route } from "./+types/profile";

export function meta() {
  return pageMeta(de.pages.profile, undefined, { robots: "noindex" });
}

/**
 * The page data is read before the page is rendered, not streamed: a streamed section arrives
 * hidden and is revealed only by an inline script, so without JavaScript the page stayed the
 * skeleton (ADR 026). The reads run in parallel and are indexed; a client navigation keeps the
 * previous page on screen meanwhile, and a re-read after a save keeps the sections mounted.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = signedInUser(context);
  const db = await database(context);
  const page = Promise.all([
    getOwnProfile(db, user.id),
    listFavorites(db, user.id),
    listSavedSearches(db, user.id),
    loadNotificationSettings(db, user.id),
    listBlockedUsers(db, user.id),
    loadPresenceSetting(db, user.id),
  ]).then(([profile, favorites, savedSearches, notificationSettings, blocked, showStatus]) =>
    profile ? { profile, favorites, savedSearches, notificationSettings, blocked, showStatus } : null,
  );
  return { page: await page };
}

/** One form per intent; each answer carries its intent (the page's forms tell theirs apart with `outcomeOf`). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = signedInUser(context);
  const actorId = user.id;
  const form = await readForm(request);
  switch (form.intent) {
    case "updateProfile": {
      // Posted by the browser itself (no JavaScript): a save goes back to the profile
      // (post/redirect/get, with the flash message); a refusal renders the page with the form
      // open, its messages and what was typed (`values`).
      const document = isDocumentSubmission(request);
      return actionResult(
        async () => {
          await updateProfile(await database(context), { actorId, input: form });
          if (document) {
            const saved: FlashToast = { type: "success", title: de.profile.updatedTitle, description: de.profile.updatedText };
            throw redirect("/profile", { status: 303, headers: { "Set-Cookie": await setFlashToast(saved) } });
          }
        },
        { intent: "updateProfile", where: "profile update", values: document ? profileFields(form) : undefined },
      );
    }
    case "changeEmail": {
      // The page's own form (/profile?dialog=email, also without JavaScript): a request sent goes
      // back to /profile with the message; a refusal comes back to it with the address typed.
      // The dialog's fetcher gets data.
      const panel = form.panel === "1";
      return actionResult(
        async () => {
          await requestEmailChange(await accountsContext(request), { actorId, currentEmail: user.email, input: form });
          if (panel) {
            const sent: FlashToast = { type: "success", title: de.profile.changeEmail.initiated, description: de.profile.changeEmail.initiatedText };
            throw redirect("/profile", { status: 303, headers: { "Set-Cookie": await setFlashToast(sent) } });
          }
        },
        { intent: "changeEmail", where: "e-mail change", values: panel ? { newEmail: form.newEmail ?? "" } : undefined },
      );
    }
    case "theme": {
      // The cookie the server renders the theme with; the switch has set it in the browser already
      // (without JavaScript this answer sets it, and the page comes back in the new theme).
      const cookie = preferenceCookie({ theme: form.theme === "dark" ? "dark" : "light" }, env().baseUrl.startsWith("https://"));
      return answerEitherWay(request, "theme", async () => saveTheme(await database(context), { actorId, input: form }), {
        done: { type: "success", title: de.profile.theme.saved },
        failed: de.profile.theme.failed,
        where: "theme",
        headers: { "Set-Cookie": cookie },
      });
    }
    case "removeImage":
      return answerEitherWay(request, "removeImage", async () => removeGalleryImage(await database(context), getStorage(), { actorId, url: form.url }), {
        done: { type: "success", title: de.profile.gallery.removed },
        failed: de.profile.gallery.removeError,
        where: "gallery image removal",
      });
    case "removeFavorite":
      return answerEitherWay(request, "removeFavorite", async () => setFavorite(await database(context), { actorId, serviceId: form.serviceId, on: false }), {
        done: { type: "success", title: de.favorites.removed },
        failed: de.favorites.removeError,
        where: "favourite removal",
        // The profile's words for a favourite whose service is gone.
        texts: { service_not_found: de.services.detail.notFoundTitle },
      });
    case "saveSearch":
      throw await saveSearchAndReturn(context, actorId, form);
    case "deleteSavedSearch":
      return answerEitherWay(request, "deleteSavedSearch", async () => deleteSavedSearch(await database(context), { actorId, id: form.id }), {
        done: { type: "success", title: savedSearchesDe.profile.removed },
        failed: savedSearchesDe.profile.removeError,
        where: "saved search removal",
      });
    case "notificationSettings":
      return answerEitherWay(request, "notificationSettings", async () => updateNotificationSettings(await database(context), { actorId, input: form }), {
        done: { type: "success", title: inboxDe.settings.saved, description: inboxDe.settings.savedText },
        failed: inboxDe.settings.saveError,
        where: "notification settings",
      });
    case "deleteAccount":
      return actionResult(
        async () => {
          await deleteAccount(await database(context), getStorage(), { actorId, input: form });
          throw await leaveDeletedAccount(request);
        },
        { intent: "deleteAccount", where: "account deletion" },
      );
    default:
      throw data(null, { status: 400 });
  }
}

interface PlainAnswer {
  done: FlashToast;
  failed: string;
  where: string;
  texts?: ScreenTexts;
  headers?: Record<string, string>;
}

/**
 * One of the page's forms, answered as it came: posted by the browser itself, back to /profile
 * with the flash message (backToProfile); by the page's fetcher, the outcome as data with its intent.
 */
function answerEitherWay<K extends string>(request: Request, intent: K, work: () => Promise<unknown>, options: PlainAnswer) {
  if (isDocumentSubmission(request)) return backToProfile(work, options);
  return actionResult(
    async () => {
      await work();
    },
    { intent, where: options.where, texts: options.texts, headers: options.headers },
  );
}

/**
 * A form of the page posted by the browser itself (no JavaScript): post/redirect/get back to
 * /profile, the outcome as the flash message (shown without JavaScript too), so a reload does not
 * post again. The app's own fetches get data instead (their sections toast it).
 */
async function backToProfile(work: () => Promise<unknown>, options: PlainAnswer): Promise<Response> {
  const headers = new Headers();
  let flash: FlashToast;
  try {
    await work();
    flash = options.done;
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.append(name, value);
  } catch (error) {
    flash = { type: "error", title: options.failed, description: failureOf(error, options.where, options.texts).failure.message };
  }
  headers.append("Set-Cookie", await setFlashToast(flash));
  return redirect("/profile", { status: 303, headers });
}

/** The edit form's fields as they were sent, to show them again after a refusal. */
function profileFields(form: Record<string, string>): Record<string, string> {
  const { firstName = "", lastName = "", username = "", bio = "" } = form;
  return { firstName, lastName, username, bio };
}

/**
 * "Suche speichern" on /services (a plain form, also without JavaScript): saved or refused, the
 * visitor goes back to the list they came from, and a toast says what happened and why.
 */
async function saveSearchAndReturn(context: Route.ActionArgs["context"], actorId: string, form: Record<string, string>): Promise<Response> {
  const fallback = `/services${savedQueryOf(filtersOfSavedQuery(form.query ?? ""))}`;
  const back = safeRedirectPath(form.returnTo, fallback);
  let toast: FlashToast;
  try {
    await saveSearch(await database(context), { actorId, query: form.query ?? "", name: form.name });
    toast = { type: "success", title: savedSearchesDe.saved, description: savedSearchesDe.savedText };
  } catch (error) {
    toast = { type: "error", title: savedSearchesDe.saveError, description: failureOf(error, "saved search").failure.message };
  }
  return redirect(back.startsWith("/services") ? back : fallback, { headers: { "Set-Cookie": await setFlashToast(toast) } });
}

/** After the deletion: the browser's session cookies cleared, off to the start page with a toast. */
async function leaveDeletedAccount(request: Request): Promise<Response> {
  const headers = new Headers();
  try {
    // The sessions are gone with the account; this clears the browser's cookies.
    const signedOut = await signOutEverywhere(await accountsContext(request));
    for (const cookie of signedOut.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  } catch (error) {
    // The account is deleted all the same: its leftover cookie names no session any more.
    reportUnexpected(error, "sign-out after account deletion");
  }
  headers.append("Set-Cookie", await setFlashToast({ type: "success", title: de.profile.danger.deleted, description: de.profile.danger.deletedText }));
  return redirect("/", { status: 303, headers });
}

function ProfileNotFound() {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed px-6 py-16 text-center">
      <UserX className="size-10 text-muted-foreground" aria-hidden="true" />
      <h2 className="mt-4 text-xl font-semibold">{de.profile.notFound}</h2>
      <p className="mt-1 text-muted-foreground">{de.profile.notFoundText}</p>
      <Button asChild className="mt-6">
        <Link to="/">{de.notFound.home}</Link>
      </Button>
    </div>
  );
}

type ProfilePage = Route.ComponentProps["loaderData"]["page"];

function ProfileSections({ page, theme }: { page: ProfilePage; theme: "light" | "dark" }) {
  if (!page) return <ProfileNotFound />;
  return (
    <div className="grid gap-6">
      <PersonalInfo profile={page.profile} theme={theme} />
      <GallerySection gallery={page.profile.gallery} />
      <FavoritesSection favorites={page.favorites} />
      <SavedSearchesSection searches={page.savedSearches} />
      <PresenceSetting showStatus={page.showStatus} />
      <NotificationSettingsSection settings={page.notificationSettings} />
      <BlockedUsersSection blocked={page.blocked} />
      <PrivacySection />
      <DangerZone />
    </div>
  );
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData("root") as { preferences?: { theme?: "light" | "dark" } } | undefined;
  const theme = root?.preferences?.theme === "dark" ? "dark" : "light";
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight">{de.pages.profile}</h1>
      <div className="mt-6">
        <ProfileSections page={loaderData.page} theme={theme} />
      </div>
    </div>
  );
}
