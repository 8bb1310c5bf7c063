import { useLocation } from "react-router";
import { useRef, useState, type ReactNode, type RefObject } from "react";
import { ArrowLeft, ArrowRight, ImagePlus, Star, Trash2 } from "~/components/ui/icons";
import { Button, type ButtonProps } from "~/components/ui/button";
import { UploadProgress } from "~/components/ui/upload-progress";
import { toast } from "~/components/ui/toast";
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES } from "~/features/profile/schema";
import { uploadWithProgress } from "~/features/profile/upload-client";
import { de } from "~/i18n/de";
import { serviceImageFieldDe as f } from "~/i18n/service-image-field.de";
import { useHydrated } from "~/lib/use-hydrated";
import { serviceImageUrl, UPLOAD_PARAM, type ImageActionOutcome, type ServiceImage, type ServiceImagesAnswer } from "../service-image";

/** The image controls; an unavailable one stays in the tab order (the focus is never dropped). */
const CONTROL = "size-8 aria-disabled:cursor-not-allowed aria-disabled:opacity-50";

/** At most six images per service (SERVICE_IMAGES_MAX of the schema; the server decides). */
const MAX = 6;
const IMAGE_TYPES = IMAGE_ACCEPT.split(",");

/** What the page can check before sending (the server repeats all of it from the bytes). */
function precheck(files: File[], count: number): { title: string; description: string } | null {
  const free = MAX - count;
  if (free <= 0) return { title: f.uploadFailed, description: f.full(MAX) };
  if (files.length > free) return { title: f.uploadFailed, description: f.remaining(free, MAX) };
  const reasons = files.flatMap((file) =>
    file.size > IMAGE_MAX_BYTES ? [de.profile.gallery.tooLarge(file.name)] : !IMAGE_TYPES.includes(file.type) ? [de.profile.gallery.notImage(file.name)] : [],
  );
  return reasons.length ? { title: de.profile.gallery.validationFailed, description: reasons.join(" ") } : null;
}

/**
 * The images of the service form (ADR 016). Uploads (with progress) and changes are saved at once
 * through /api/service-images: on the edit page to the service, on the create page to the user's
 * drafts, whose ids go with the form (`imageIds`, in order) and become the new service's images.
 * The first image is the cover. Until the script runs (and without it) the plain field stands in
 * for it (ADR 031), and the outcome of its last post shows above the images.
 */
export function ServiceImagesField({ serviceId, initial, outcome }: { serviceId?: string; initial: ServiceImage[]; outcome?: ImageActionOutcome }) {
  const hydrated = useHydrated();
  const message = outcome ? <ImageOutcome outcome={outcome} /> : null;
  return hydrated ? <ScriptedImagesField serviceId={serviceId} initial={initial} message={message} /> : <PlainImagesField serviceId={serviceId} images={initial} message={message} />;
}

/** The outcome of an image button's plain post: a status, or an alert when it was refused. */
function ImageOutcome({ outcome }: { outcome: ImageActionOutcome }) {
  const text = [outcome.message, ...(outcome.details ?? [])].filter((line, i, all) => line && all.indexOf(line) === i).join(" ");
  return (
    <div role={outcome.ok ? "status" : "alert"} className={`rounded-md border px-3 py-2 text-sm ${outcome.ok ? "bg-muted" : "border-destructive text-destructive"}`}>
      <strong>{outcome.title}</strong>
      {text ? ` ${text}` : null}
    </div>
  );
}

/** What the tile of one image offers; each field turns them into its own kind of button. */
type ImageControl = "cover" | "earlier" | "later" | "remove";

/** The images with their controls (cover, earlier, later, remove); `control` gives each button its behaviour. */
function ImageList({
  images,
  busy = null,
  listRef,
  control,
}: {
  images: ServiceImage[];
  busy?: string | null;
  listRef?: RefObject<HTMLOListElement | null>;
  control: (image: ServiceImage, intent: ImageControl, unavailable: boolean) => ButtonProps;
}) {
  return (
    <ol ref={listRef} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {images.map((image, index) => {
        const n = index + 1;
        const button = (intent: ImageControl, label: string, icon: ReactNode, unavailable = false, className = CONTROL) => (
          <Button variant="ghost" size="icon" className={className} data-action={intent} aria-label={label} title={label} {...control(image, intent, unavailable)}>
            {icon}
          </Button>
        );
        return (
          <li key={image.id} data-image={image.id} className={`overflow-hidden rounded-lg border bg-card ${busy === image.id ? "opacity-60" : ""}`}>
            <div className="relative">
              <img
                src={serviceImageUrl(image, image.widths[0]!)}
                alt={f.image(n)}
                width={320}
                height={200}
                loading="lazy"
                style={{ backgroundColor: image.placeholder }}
                className="aspect-[16/10] w-full object-cover"
              />
              {index === 0 && (
                <span className="absolute left-1.5 top-1.5 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">{f.cover}</span>
              )}
            </div>
            <div className="flex items-center justify-between gap-1 p-1">
              <div className="flex gap-1">
                {index > 0 && button("cover", f.makeCover(n), <Star aria-hidden="true" />)}
                {button("earlier", f.earlier(n), <ArrowLeft aria-hidden="true" />, index === 0)}
                {button("later", f.later(n), <ArrowRight aria-hidden="true" />, index === images.length - 1)}
              </div>
              {button("remove", f.remove(n), <Trash2 aria-hidden="true" />, false, `${CONTROL} text-destructive`)}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** The heading and hint of both fields; on the create page the draft ids that go with the form, in order. */
function FieldFrame({ serviceId, images, message, children }: { serviceId?: string; images: ServiceImage[]; message: ReactNode; children: ReactNode }) {
  return (
    <fieldset id="service-images" className="grid scroll-mt-4 gap-3" aria-describedby="service-images-hint">
      <legend className="mb-2 text-sm font-medium leading-none">{f.heading(images.length, MAX)}</legend>
      <p id="service-images-hint" className="text-sm text-muted-foreground">
        {f.hint}
      </p>
      {message}
      {!serviceId && <input type="hidden" name="imageIds" value={images.map((i) => i.id).join(",")} />}
      {children}
    </fieldset>
  );
}

const emptyNote = <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">{f.empty}</p>;

/**
 * The field before the script runs, or without it: every button submits the service form itself
 * with `imageAction` (the upload button with the chosen files); the page's action does it, saves
 * nothing else and shows the form again with what was typed (ADR 031). `formAction` brings the
 * answer back to this field.
 */
function PlainImagesField({ serviceId, images, message }: { serviceId?: string; images: ServiceImage[]; message: ReactNode }) {
  // The page's own address without a query: after an upload the address carries UPLOAD_PARAM,
  // which must not stay on the other buttons' posts.
  const { pathname } = useLocation();
  const submit = (image: ServiceImage, intent: ImageControl, unavailable: boolean): ButtonProps => ({
    type: "submit",
    name: "imageAction",
    value: `${intent}:${image.id}`,
    formAction: `${pathname}#service-images`,
    disabled: unavailable,
  });
  return (
    <FieldFrame serviceId={serviceId} images={images} message={message}>
      {images.length > 0 ? <ImageList images={images} control={submit} /> : emptyNote}
      <div className="flex flex-wrap items-center gap-3">
        <input
          id="service-images-files"
          name="images"
          type="file"
          accept={IMAGE_ACCEPT}
          multiple
          aria-label={f.add}
          className="max-w-full text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium"
        />
        <Button type="submit" name="imageAction" value="upload" formAction={`${pathname}?${UPLOAD_PARAM}#service-images`} variant="outline">
          <ImagePlus aria-hidden="true" />
          {f.upload}
        </Button>
        <p className="basis-full text-xs text-muted-foreground">{f.uploadFirst}</p>
      </div>
    </FieldFrame>
  );
}

/** The scripted field: uploads with progress and changes through /api/service-images, at once. */
function ScriptedImagesField({ serviceId, initial, message }: { serviceId?: string; initial: ServiceImage[]; message: ReactNode }) {
  const [images, setImages] = useState(initial);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // What a move did, for screen readers (the list itself changes silently).
  const [announcement, setAnnouncement] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const full = images.length >= MAX;

  async function upload(files: File[]) {
    const refused = precheck(files, images.length);
    if (refused) return toast.error(refused.title, { description: refused.description });
    const body = new FormData();
    if (serviceId) body.append("serviceId", serviceId);
    for (const file of files) body.append("images", file);
    setProgress(0);
    try {
      const answer = await uploadWithProgress<ServiceImagesAnswer>("/api/service-images", body, setProgress);
      if (answer.ok) {
        setImages(answer.images);
        toast.success(f.uploaded(answer.added ?? files.length));
      } else toast.error(answer.title, { description: [answer.message, ...(answer.details ?? [])].filter((line, i, all) => all.indexOf(line) === i).join(" ") });
    } catch {
      toast.error(f.uploadFailed, { description: f.uploadFailedText });
    } finally {
      setProgress(null);
    }
  }

  function focusControl(selector: string | null) {
    const target = selector ? list.current?.querySelector<HTMLElement>(selector) : null;
    (target ?? addButton.current)?.focus();
  }

  async function change(image: ServiceImage, intent: "remove" | "cover" | "earlier" | "later", unavailable = false) {
    // Unavailable controls stay focusable (aria-disabled), so a click on one does nothing here.
    if (unavailable || busy !== null) return;
    setBusy(image.id);
    try {
      const response = await fetch(`/api/service-images/${image.id}`, {
        method: "POST",
        headers: { Accept: "application/json" },
        body: new URLSearchParams({ intent }),
      });
      const answer = (await response.json()) as ServiceImagesAnswer;
      if (answer.ok) {
        const before = images.findIndex((i) => i.id === image.id);
        setImages(answer.images);
        if (intent === "remove") {
          toast.success(f.removed);
          // Focus to the image that took its place (or the one before, or the add button).
          const next = answer.images[Math.min(before, answer.images.length - 1)];
          requestAnimationFrame(() => focusControl(next ? `[data-image="${next.id}"] [data-action="remove"]` : null));
        } else {
          const at = answer.images.findIndex((i) => i.id === image.id);
          setAnnouncement(at === 0 ? f.nowCover(before + 1) : f.movedTo(before + 1, at + 1));
          // "Als Hauptbild" is gone from the cover: keep the focus on that image's controls.
          if (intent === "cover") requestAnimationFrame(() => focusControl(`[data-image="${image.id}"] [data-action="later"]`));
        }
      } else toast.error(answer.title, { description: answer.message });
    } catch {
      toast.error(f.changeFailed, { description: f.uploadFailedText });
    } finally {
      setBusy(null);
    }
  }

  const control = (image: ServiceImage, intent: ImageControl, unavailable: boolean): ButtonProps => ({
    type: "button",
    "aria-disabled": busy !== null || unavailable,
    onClick: () => void change(image, intent, unavailable),
  });

  return (
    <FieldFrame serviceId={serviceId} images={images} message={message}>
      {images.length > 0 ? <ImageList images={images} busy={busy} listRef={list} control={control} /> : emptyNote}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {progress !== null && <UploadProgress label={f.uploading} percent={progress} percentText={f.progress(progress)} />}
      {/* No name: the files go to /api/service-images, never with the form itself. */}
      <input
        ref={input}
        id="service-images-files"
        type="file"
        accept={IMAGE_ACCEPT}
        multiple
        className="hidden"
        aria-label={f.add}
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          event.currentTarget.value = "";
          if (files.length) void upload(files);
        }}
      />
      <div>
        <Button
          ref={addButton}
          type="button"
          variant="outline"
          disabled={progress !== null}
          onClick={() => {
            if (full) toast.error(f.uploadFailed, { description: f.full(MAX) });
            else input.current?.click();
          }}
        >
          <ImagePlus aria-hidden="true" />
          {f.add}
        </Button>
      </div>
    </FieldFrame>
  );
}
