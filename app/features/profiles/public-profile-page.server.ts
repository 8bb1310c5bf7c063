import { data, redirect, type RouterContextProvider } from "react-router";
import { blockStateBetween } from "~/features/blocks/blocks.server";
import { favoriteIds } from "~/features/favorites/favorites.server";
import { database, optionalUser } from "~/lib/request-context.server";
import { findPublicProfile, listProfileServices } from "./public-profile.server";

/**
 * Loader data of the public profile pages; unknown profiles are a real 404. `toUsername` (the
 * by-id page) redirects to /u/{username} before loading anything else when the profile has one.
 */
export async function loadPublicProfilePage(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  by: { username: string } | { userId: string },
  { toUsername = false } = {},
) {
  const db = await database(args.context);
  const viewer = await optionalUser(args);
  const profile = await findPublicProfile(db, by, viewer?.id ?? null);
  if (!profile) throw data({ notFound: true }, { status: 404 });
  if (toUsername && profile.username) throw redirect(`/u/${encodeURIComponent(profile.username)}`);
  const services = await listProfileServices(db, profile.userId);
  const favorites = await favoriteIds(db, viewer?.id, services.map((s) => s.id));
  // Whether the viewer blocked this person (never whether this person blocked the viewer, ADR 024).
  const blockedByMe = viewer ? (await blockStateBetween(db, viewer.id, profile.userId)).blockedByMe : false;
  return { profile, services, favorites: [...favorites], viewer: viewer ? { id: viewer.id, blockedByMe } : null };
}
