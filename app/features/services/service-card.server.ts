import { sql } from "drizzle-orm";
import { profiles, serviceImages, services } from "~/db/schema";
import type { PriceUnit } from "~/features/orders/limits";
import type { WorkPlace } from "./listing-facts";
import type { ServiceImage } from "./service-image";

/** The author shown on a service card. */
export interface ServiceAuthor {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  avatarUrl: string | null;
}

/** A service card: the catalogue, the dashboard and (without the excerpt) the detail page. */
export interface ServiceCard {
  id: string;
  title: string;
  excerpt: string;
  price: string;
  /** Festpreis or per hour/day/month. */
  priceUnit: PriceUnit;
  /** Days until delivery; null is "nach Vereinbarung". */
  deliveryDays: number | null;
  workPlace: WorkPlace;
  /** The city of work on site (vor Ort, both); null when remote. */
  workCity: string | null;
  category: string;
  views: number;
  isFeatured: boolean;
  ratingAvg: string;
  ratingCount: number;
  createdAt: Date;
  author: ServiceAuthor;
  /** The first image by position, or null (the card then shows the category's generated cover). */
  cover: ServiceImage | null;
}

/** The columns of a card; a query selecting them joins the author's profile (left join). */
export const cardColumns = {
  id: services.id,
  title: services.title,
  excerpt: sql<string>`left(${services.description}, 180)`,
  price: services.price,
  priceUnit: services.priceUnit,
  deliveryDays: services.deliveryDays,
  workPlace: services.workPlace,
  workCity: services.workCity,
  category: services.category,
  views: services.views,
  isFeatured: services.isFeatured,
  ratingAvg: services.ratingAvg,
  ratingCount: services.ratingCount,
  createdAt: services.createdAt,
  authorFirstName: profiles.firstName,
  authorLastName: profiles.lastName,
  authorUsername: profiles.username,
  authorAvatarUrl: profiles.avatarUrl,
  createdBy: services.createdBy,
  // One index probe per card (service_images_service_idx), only for the rows of the page.
  cover: sql<ServiceImage | null>`(select json_build_object('id', ${serviceImages.id}, 'ownerId', ${serviceImages.ownerId}, 'widths', ${serviceImages.widths}, 'width', ${serviceImages.width}, 'height', ${serviceImages.height}, 'placeholder', ${serviceImages.placeholder}) from ${serviceImages} where ${serviceImages.serviceId} = ${services.id} order by ${serviceImages.position}, ${serviceImages.createdAt}, ${serviceImages.id} limit 1)`,
};

export type CardRow = { [K in keyof typeof cardColumns]: unknown } & Record<string, unknown>;

export function toCard(row: CardRow): ServiceCard {
  return {
    id: row.id as string,
    title: row.title as string,
    excerpt: row.excerpt as string,
    price: row.price as string,
    priceUnit: (row.priceUnit as PriceUnit | undefined) ?? "fixed",
    deliveryDays: row.deliveryDays === null || row.deliveryDays === undefined ? null : Number(row.deliveryDays),
    workPlace: (row.workPlace as WorkPlace | undefined) ?? "remote",
    workCity: (row.workCity as string | null | undefined) ?? null,
    category: row.category as string,
    views: Number(row.views),
    isFeatured: Boolean(row.isFeatured),
    ratingAvg: row.ratingAvg as string,
    ratingCount: Number(row.ratingCount),
    createdAt: new Date(row.createdAt as string | Date),
    author: {
      userId: row.createdBy as string,
      firstName: row.authorFirstName as string | null,
      lastName: row.authorLastName as string | null,
      username: row.authorUsername as string | null,
      avatarUrl: row.authorAvatarUrl as string | null,
    },
    cover: toImage(row.cover),
  };
}

/** json_build_object comes back parsed (PostgreSQL) or as text (some PGlite paths). */
function toImage(value: unknown): ServiceImage | null {
  if (value === null || value === undefined) return null;
  const image = (typeof value === "string" ? JSON.parse(value) : value) as ServiceImage;
  return { ...image, widths: Array.isArray(image.widths) ? image.widths.map(Number) : [] };
}
