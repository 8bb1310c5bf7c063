import { useCallback, useRef, useState, type ComponentProps, type MouseEvent } from "react";
import { serviceImagesDe as t } from "~/i18n/service-images.de";
import { lazyPart } from "~/lib/lazy-part";
import { serviceImageLargest, serviceImageSources, serviceImageUrl, type ServiceImage } from "../service-image";

// The viewer (a modal dialog) loads with the first wish to open it, so the public page's script
// stays lean (ADR 014). The click that asked for it is kept in state: the viewer opens at that
// image when its chunk has arrived (or a toast says it could not load, and the next click tries
// again). Before the page is hydrated, the links open the image file.
const { Part: ServiceImageViewer, preload: loadViewer } = lazyPart(() =>
  import("./service-image-viewer").then(
    ({ default: Viewer }) =>
      function ViewerPart({ onOpenChange, ...props }: Omit<ComponentProps<typeof Viewer>, "onClose"> & { onOpenChange: (open: boolean) => void }) {
        return <Viewer {...props} onClose={() => onOpenChange(false)} />;
      },
  ),
);

/** A plain left click the page may handle (no new tab, no modifier). */
function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * The detail page's images: the cover large (eager, high priority: it is the page's LCP), the
 * others as thumbnails below; each opens the viewer. Fixed ratios and the dominant colour keep the
 * layout still while the files load.
 */
export function ServiceGallery({ images, title }: { images: ServiceImage[]; title: string }) {
  const [openAt, setOpenAt] = useState<number | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const onOpenChange = useCallback((open: boolean) => {
    if (open) return;
    setOpenAt(null);
    // Back to the link that opened it (the dialog's own return can miss a re-rendered node).
    opener.current?.focus();
  }, []);
  if (images.length === 0) return null;
  const cover = images[0]!;
  const total = images.length;
  const { src, srcSet } = serviceImageSources(cover, 1280);

  function open(event: MouseEvent<HTMLAnchorElement>) {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    opener.current = event.currentTarget;
    setOpenAt(Number(event.currentTarget.dataset.index ?? 0));
  }
  const warm = loadViewer;

  return (
    <div className="grid gap-3" onPointerEnter={warm} onFocus={warm}>
      <a
        href={serviceImageLargest(cover)}
        data-index={0}
        onClick={open}
        aria-label={t.viewer.open(1, total)}
        className="block overflow-hidden rounded-xl border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <img
          src={src}
          srcSet={srcSet}
          sizes="(min-width: 1024px) 640px, 92vw"
          alt={t.viewer.alt(title, 1, total)}
          width={1280}
          height={800}
          loading="eager"
          fetchPriority="high"
          style={{ backgroundColor: cover.placeholder }}
          className="aspect-[16/10] w-full object-cover"
        />
      </a>
      {total > 1 && (
        <ul className="flex flex-wrap gap-2" aria-label={t.viewer.thumbnails}>
          {images.map((image, index) => (
            <li key={image.id}>
              <a
                href={serviceImageLargest(image)}
                data-index={index}
                onClick={open}
                aria-label={t.viewer.open(index + 1, total)}
                className="block overflow-hidden rounded-md border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <img
                  src={serviceImageUrl(image, image.widths[0]!)}
                  alt=""
                  width={96}
                  height={60}
                  loading="lazy"
                  decoding="async"
                  style={{ backgroundColor: image.placeholder }}
                  className="aspect-[16/10] w-20 object-cover sm:w-24"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {openAt !== null && <ServiceImageViewer images={images} title={title} start={openAt} onOpenChange={onOpenChange} />}
    </div>
  );
}
