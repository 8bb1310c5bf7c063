import { profiles, services, user } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { parseServiceFilters } from "./filters";

/** Shared fixtures of the services tests: two users, and seven services offered by the owner. */
export const OWNER = "u-owner";
export const OTHER = "u-other";

export interface Fixture {
  title: string;
  description?: string;
  price: string;
  category: string;
  views?: number;
  isFeatured?: boolean;
  ratingAvg?: string;
  ratingCount?: number;
  daysAgo: number;
}

export const fixtures: Fixture[] = [
  { title: "Logo-Design mit Markenhandbuch", description: "Ein unverwechselbares Logo für Ihr Unternehmen.", price: "450.00", category: "Design", views: 900, ratingAvg: "4.80", ratingCount: 12, daysAgo: 30 },
  { title: "Webentwicklung für Handwerker", description: "Moderne Webseiten und Onlineshops mit Terminbuchung.", price: "1800.00", category: "Web Development", views: 1500, ratingAvg: "4.50", ratingCount: 8, daysAgo: 5, isFeatured: true },
  { title: "SEO-Texte für Onlineshops", description: "Produkttexte, die verkaufen und gefunden werden.", price: "89.00", category: "Writing", views: 300, ratingAvg: "3.90", ratingCount: 4, daysAgo: 12 },
  { title: "Steuerberatung für Freiberufler", description: "Einkommensteuer, Umsatzsteuer und Belege.", price: "120.00", category: "Consulting", views: 40, ratingAvg: "0", ratingCount: 0, daysAgo: 2 },
  { title: "Nachhilfe Mathematik Oberstufe", description: "Analysis und Stochastik fürs Abitur.", price: "35.00", category: "Education", views: 75, ratingAvg: "5.00", ratingCount: 3, daysAgo: 60, isFeatured: true },
  { title: "Social-Media-Kampagne", description: "Instagram und LinkedIn für kleine Marken.", price: "650.00", category: "Marketing", views: 610, ratingAvg: "4.10", ratingCount: 10, daysAgo: 20 },
  { title: "Visitenkarten und Briefpapier", description: "Drucksachen passend zu Ihren Logos.", price: "150.00", category: "Design", views: 10, ratingAvg: "2.50", ratingCount: 2, daysAgo: 1 },
];

/** A fresh, migrated database with the two users, their profiles and the fixture services. */
export async function createServicesTestDatabase(): Promise<TestDatabase> {
  const t = await createTestDatabase();
  await t.db.insert(user).values([
    { id: OWNER, name: "Olaf Owner", email: "owner@example.de", emailVerified: true },
    { id: OTHER, name: "Olga Other", email: "other@example.de", emailVerified: true },
  ]);
  await t.db.insert(profiles).values([
    { userId: OWNER, email: "owner@example.de", firstName: "Olaf", lastName: "Owner", username: "olaf", profileViews: 42 },
    { userId: OTHER, email: "other@example.de", firstName: "Olga", lastName: "Other" },
  ]);
  const now = Date.now();
  await t.db.insert(services).values(
    fixtures.map((f) => ({
      title: f.title,
      description: f.description ?? "",
      price: f.price,
      category: f.category,
      createdBy: OWNER,
      views: f.views ?? 0,
      isFeatured: f.isFeatured ?? false,
      ratingAvg: f.ratingAvg ?? "0",
      ratingCount: f.ratingCount ?? 0,
      createdAt: new Date(now - f.daysAgo * 86_400_000),
    })),
  );
  return t;
}

export const filters = (query: Record<string, string> = {}) => parseServiceFilters(new URLSearchParams(query));
