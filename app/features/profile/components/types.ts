/** The outcome of one intent of the /profile action, as `{ [intent]: IntentResult }`. */
export interface IntentResult {
  ok: boolean;
  error?: string;
  fieldErrors?: Record<string, string>;
}

/** The profile as the page receives it (dates arrive as strings after serialisation). */
export interface ProfileView {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  username: string | null;
  bio: string | null;
  avatarUrl: string | null;
  gallery: string[];
  role: "user" | "support";
  isPremium: boolean;
  profileViews: number;
  theme: "light" | "dark";
  createdAt: string | Date;
}

export interface FavoriteView {
  serviceId: string;
  title: string;
  excerpt: string;
  truncated: boolean;
  price: string;
  category: string;
  views: number;
  author: { firstName: string | null; lastName: string | null };
}
