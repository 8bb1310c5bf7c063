import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { ArrowLeft, ArrowRight, X } from "~/components/ui/icons";
import { serviceImagesDe as t } from "~/i18n/service-images.de";
import { serviceImageSources, serviceImageUrl, type ServiceImage } from "../service-image";

/**
 * The images of a service, one at a time, in a modal <dialog> (loaded lazily by ServiceGallery):
 * the arrow keys and the buttons go back and forth, the thumbnails jump, Escape or the close button
 * close it, and focus goes back to the link that opened it. The dialog keeps focus inside.
 */
export default function ServiceImageViewer({ images, title, start, onClose }: { images: ServiceImage[]; title: string; start: number; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [index, setIndex] = useState(start);
  const total = images.length;
  const image = images[index]!;
  const { src, srcSet } = serviceImageSources(image, 1280);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  const go = (step: number) => setIndex((current) => (current + step + total) % total);
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === "ArrowRight") {
      event.preventDefault();
      go(1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      go(-1);
    }
  };

  const button =
    "inline-flex size-10 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";
  return (
    <dialog
      ref={dialog}
      aria-label={t.viewer.title(title)}
      onKeyDown={onKeyDown}
      onClose={onClose}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-neutral-950 p-0 text-white backdrop:bg-black/80"
    >
      <div className="flex h-full flex-col gap-3 p-3 sm:p-5">
        <div className="flex items-center justify-between gap-3">
          <p className="text-sm" aria-live="polite">
            {t.viewer.counter(index + 1, total)}
          </p>
          <button type="button" className={button} onClick={() => dialog.current?.close()} aria-label={t.viewer.close} autoFocus>
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        <div className="relative flex min-h-0 flex-1 items-center justify-center">
          <img
            key={image.id}
            src={src}
            srcSet={srcSet}
            sizes="100vw"
            alt={t.viewer.alt(title, index + 1, total)}
            width={image.width}
            height={image.height}
            className="size-full object-contain"
          />
          {total > 1 && (
            <>
              <button type="button" className={`${button} absolute left-1 top-1/2 -translate-y-1/2`} onClick={() => go(-1)} aria-label={t.viewer.previous}>
                <ArrowLeft className="size-5" aria-hidden="true" />
              </button>
              <button type="button" className={`${button} absolute right-1 top-1/2 -translate-y-1/2`} onClick={() => go(1)} aria-label={t.viewer.next}>
                <ArrowRight className="size-5" aria-hidden="true" />
              </button>
            </>
          )}
        </div>
        {total > 1 && (
          <ul className="flex justify-center gap-2 overflow-x-auto pb-1" aria-label={t.viewer.thumbnails}>
            {images.map((thumb, n) => (
              <li key={thumb.id}>
                <button
                  type="button"
                  onClick={() => setIndex(n)}
                  aria-label={t.viewer.show(n + 1)}
                  aria-current={n === index ? "true" : undefined}
                  className="block overflow-hidden rounded-md opacity-60 ring-white hover:opacity-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white aria-[current=true]:opacity-100 aria-[current=true]:ring-2"
                >
                  <img src={serviceImageUrl(thumb, thumb.widths[0]!)} alt="" width={64} height={40} style={{ backgroundColor: thumb.placeholder }} className="aspect-[16/10] w-16 object-cover" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </dialog>
  );
}
