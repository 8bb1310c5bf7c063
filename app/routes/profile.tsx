import { UserX } from "lucide-react";
import { Suspense } from "react";
import { Await, data, Link, redirect, useRouteLoaderData } from "react-router";
import { Button } from "~/components/ui/button";
import { accountsContext, signOutEverywhere } from "~/features/auth/accounts.server";
import { getSessionUser } from "~/features/auth/session.server";
import { listFavorites, setFavorite } from "~/features/favorites/favorites.server";
import { DangerZone, PrivacySection } from "~/features/profile/components/account-sections";
import { FavoritesSection } from "~/features/profile/components/favorites-section";
import { GallerySection } from "~/features/profile/components/gallery-section";
import { PersonalInfo } from "~/features/profile/components/personal-info";
import { ProfileSkeleton } from "~/features/profile/components/profile-skeleton";
import type { IntentResult } from "~/features/profile/components/types";
import { deleteAccount } from "~/features/profile/delete-account.server";
import { requestEmailChange } from "~/features/profile/email.server";
import { removeGalleryImage } from "~/features/profile/images.server";
import { getOwnProfile, saveTheme, updateProfile } from "~/features/profile/profile.server";
import { preferenceCookie } from "~/features/preferences/preferences.server";
import { de, pageMeta } from "~/i18n/de";
import { getDatabase, type Database } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { isAppError } from "~/lib/errors";
import { setFlashToast } from "~/lib/flash.server";
import { readForm } from "~/lib/forms.server";
import { getStorage } from "~/lib/storage.server";
import type { Route } from "./+types/profile";

export function meta() {
  return pageMeta(de.pages.profile, undefined, { robots: "noindex" });
}

/**
 * The page data is streamed: the shell (with the skeleton) renders at once, also on client
 * navigation, and the profile follows as soon as it is read.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = (await getSessionUser(request))!; // the signed-in layout guarantees a user
  const { db } = await getDatabase();
  const page = Promise.all([getOwnProfile(db, user.id), listFavorites(db, user.id)]).then(([profile, favorites]) =>
    profile ? { profile, favorites } : null,
  );
  return { page };
}

type Results = Partial<Record<"updateProfile" | "changeEmail" | "theme" | "removeImage" | "removeFavorite" | "deleteAccount", IntentResult>>;

/** Runs one intent and answers `{ [intent]: { ok, error?, fieldErrors? } }` (fetcher forms). */
async function attempt(key: keyof Results, work: () => Promise<unknown>, headers?: HeadersInit) {
  try {
    await work();
    return data<Results>({ [key]: { ok: true } }, { headers });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data<Results>({ [key]: { ok: false, error: error.message, fieldErrors: error.fieldErrors } }, { status: error.status });
  }
}

export async function action({ request }: Route.ActionArgs) {
  const user = await getSessionUser(request);
  if (!user) throw redirect("/auth?redirectTo=%2Fprofile");
  const form = await readForm(request);
  const { db } = await getDatabase();
  const actorId = user.id;
  switch (form.intent) {
    case "updateProfile":
      return attempt("updateProfile", () => updateProfile(db, { actorId, input: form }));
    case "changeEmail":
      return attempt("changeEmail", async () => {
        const ctx = await accountsContext(request);
        await requestEmailChange(ctx, { actorId, currentEmail: user.email, input: form });
      });
    case "theme": {
      const theme = form.theme === "dark" ? "dark" : "light";
      const cookie = preferenceCookie({ theme }, env().baseUrl.startsWith("https://"));
      return attempt("theme", () => saveTheme(db, { actorId, input: form }), { "Set-Cookie": cookie });
    }
    case "removeImage":
      return attempt("removeImage", () => removeGalleryImage(db, getStorage(), { actorId, url: form.url }));
    case "removeFavorite":
      return attempt("removeFavorite", () => setFavorite(db, { actorId, serviceId: form.serviceId, on: false }));
    case "deleteAccount":
      return deleteAndSignOut(request, db, actorId, form);
    default:
      throw data(null, { status: 400 });
  }
}

/** Deletes the account, ends the session cookies and leaves for the start page with a toast. */
async function deleteAndSignOut(request: Request, db: Database, actorId: string, form: Record<string, string>) {
  try {
    await deleteAccount(db, getStorage(), { actorId, input: form });
  } catch (error) {
    if (isAppError(error) && error.code === "INVALID") {
      return data<Results>({ deleteAccount: { ok: false, error: error.message, fieldErrors: error.fieldErrors } }, { status: 400 });
    }
    console.error("Account deletion failed:", error);
    return data<Results>({ deleteAccount: { ok: false, error: de.profile.danger.failed } }, { status: isAppError(error) ? error.status : 500 });
  }
  // The sessions are gone with the account; this clears the browser's cookies.
  const signedOut = await signOutEverywhere(await accountsContext(request));
  const headers = new Headers(signedOut.ok ? signedOut.headers : undefined);
  headers.append("Set-Cookie", await setFlashToast({ type: "success", title: de.profile.danger.deleted, description: de.profile.danger.deletedText }));
  throw redirect("/", { headers });
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

export default function Profile({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData("root") as { preferences?: { theme?: "light" | "dark" } } | undefined;
  const theme = root?.preferences?.theme === "dark" ? "dark" : "light";
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight">{de.pages.profile}</h1>
      <div className="mt-6">
        <Suspense fallback={<ProfileSkeleton />}>
          <Await resolve={loaderData.page}>
            {(page) =>
              page ? (
                <div className="grid gap-6">
                  <PersonalInfo profile={page.profile} theme={theme} />
                  <GallerySection gallery={page.profile.gallery} />
                  <FavoritesSection favorites={page.favorites} />
                  <PrivacySection />
                  <DangerZone />
                </div>
              ) : (
                <ProfileNotFound />
              )
            }
          </Await>
        </Suspense>
      </div>
    </div>
  );
}
