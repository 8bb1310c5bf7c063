import type { FavoriteCard } from "~/features/favorites/favorites.server";
import type { OwnProfile } from "../profile.server";

/** The profile as the page receives it (dates arrive as strings after serialisation). */
export type ProfileView = Omit<OwnProfile, "createdAt"> & { createdAt: string | Date };

/** A favourite card as the page receives it. */
export type FavoriteView = Omit<FavoriteCard, "createdAt" | "favoritedAt">;
