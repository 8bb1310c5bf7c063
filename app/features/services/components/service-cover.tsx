import { categoryCoverUrl, serviceImageSources, type ServiceImage } from "../service-image";

/** The card's image column width at each breakpoint (the grid of service-grid.tsx: 1, 2, 3 columns in max-w-7xl). */
const CARD_SIZES = "(min-width: 1280px) 400px, (min-width: 1024px) 31vw, (min-width: 640px) 47vw, 92vw";

/**
 * How a card's cover loads: "first" is the first card's, the page's largest paint on a phone (and
 * one of the first row's on a desktop): fetched before anything else that is not needed for the
 * first paint, a generated picture as much as a photo. The rest of the first row ("eager") loads
 * at once at the normal priority: marked "high" too, a photo far below a phone's fold took one of
 * the six connections ahead of the first card's picture. Further cards load when scrolled near.
 */
export type CoverLoad = "first" | "eager" | "lazy";

/**
 * The cover of a card at a fixed 16:10 ratio (no layout shift): the first image, or the category's
 * generated picture. Stateless and without handlers, as the card (rendered once to shared HTML,
 * ADR 013). The image's dominant colour shows until it has loaded. Decorative: the card's title
 * names the service.
 */
export function ServiceCover({ cover, category, load = "lazy", className = "" }: { cover: ServiceImage | null; category: string; load?: CoverLoad; className?: string }) {
  const loading = load === "lazy" ? "lazy" : "eager";
  const fetchPriority = load === "first" ? "high" : undefined;
  if (!cover) {
    return (
      <img
        src={categoryCoverUrl(category)}
        alt=""
        width={640}
        height={400}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
        className={`aspect-[16/10] w-full bg-muted object-cover dark:brightness-90 ${className}`}
      />
    );
  }
  const { src, srcSet } = serviceImageSources(cover, 640);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={CARD_SIZES}
      alt=""
      width={640}
      height={400}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding="async"
      style={{ backgroundColor: cover.placeholder }}
      className={`aspect-[16/10] w-full object-cover ${className}`}
    />
  );
}
