// A service image as the pages get it, and its addresses. No server imports: the card and the
// detail page (client code of public pages) use it.

/** One stored image: its files are `/storage/service-images/{ownerId}/{id}/{width}.webp`. */
export interface ServiceImage {
  id: string;
  ownerId: string;
  /** The stored widths, ascending. */
  widths: number[];
  /** The size of the largest width (so every width has this aspect ratio). */
  width: number;
  height: number;
  /** The dominant colour, shown until the image has loaded. */
  placeholder: string;
}

export const SERVICE_IMAGE_WIDTHS = [320, 640, 1280] as const;

export function serviceImageUrl(image: Pick<ServiceImage, "id" | "ownerId">, width: number): string {
  return `/storage/service-images/${image.ownerId}/${image.id}/${width}.webp`;
}

/** `src` (the width nearest `preferred`, not below it when there is one) and `srcSet` of every width. */
export function serviceImageSources(image: ServiceImage, preferred = 640): { src: string; srcSet: string } {
  const src = image.widths.find((w) => w >= preferred) ?? image.widths[image.widths.length - 1]!;
  return {
    src: serviceImageUrl(image, src),
    srcSet: image.widths.map((w) => `${serviceImageUrl(image, w)} ${w}w`).join(", "),
  };
}

/** The largest stored file (the viewer's full size, and the link without JavaScript). */
export function serviceImageLargest(image: ServiceImage): string {
  return serviceImageUrl(image, image.widths[image.widths.length - 1]!);
}

/** A stable, URL-safe name of a category for its generated cover (/service-covers/{slug}.svg). */
export function categorySlug(category: string): string {
  return (
    category
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "other"
  );
}

/** The generated cover of a service without images (routes/service-cover.ts draws it). */
export function categoryCoverUrl(category: string): string {
  return `/service-covers/${categorySlug(category)}.svg?v=1`;
}

/** The outcome an image button of the service form's plain post shows in the field (ADR 031). */
/**
 * The query parameter the plain image field's upload button adds to the form's address: the
 * page's action knows before the body that files are wanted, so it counts the upload limit first
 * and reads the files; any other post of the form drops file bytes as they stream.
 */
export const UPLOAD_PARAM = "bilder";

export type ImageActionOutcome = { ok: boolean; title: string; message?: string; details?: string[] };

/** What the image routes answer (JSON, to the scripted image field). */
export type ServiceImagesAnswer =
  | { ok: true; images: ServiceImage[]; added?: number }
  | { ok: false; reason: string; title: string; message: string; details?: string[] };
