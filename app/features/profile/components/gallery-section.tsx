import { ImagePlus, ImageOff, X } from "~/components/ui/icons";
import { useEffect, useRef, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { UploadProgress } from "~/components/ui/upload-progress";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { de } from "~/i18n/de";
import { outcomeOf } from "~/lib/action-outcome";
import { useRefocusAfterRemoval } from "~/lib/use-refocus-after-removal";
import type { action } from "~/routes/profile";
import { GALLERY_MAX, IMAGE_ACCEPT, IMAGE_MAX_BYTES } from "../schema";
import { uploadWithProgress } from "../upload-client";
import { ImageUploadForm } from "./image-upload-form";

const IMAGE_TYPES = IMAGE_ACCEPT.split(",");

/** The checks the page can make before sending (the server repeats all of them from the bytes). */
function precheck(files: File[], count: number): { title: string; description: string } | null {
  const free = GALLERY_MAX - count;
  if (free <= 0) return { title: de.profile.gallery.limitTitle, description: de.profile.gallery.limitText };
  if (files.length > free) return { title: de.profile.gallery.limitTitle, description: de.profile.gallery.remaining(free) };
  const reasons = files.flatMap((file) =>
    file.size > IMAGE_MAX_BYTES
      ? [de.profile.gallery.tooLarge(file.name)]
      : !IMAGE_TYPES.includes(file.type)
        ? [de.profile.gallery.notImage(file.name)]
        : [],
  );
  return reasons.length ? { title: de.profile.gallery.validationFailed, description: reasons.join(" ") } : null;
}

export function GallerySection({ gallery }: { gallery: string[] }) {
  const input = useRef<HTMLInputElement>(null);
  const revalidator = useRevalidator();
  const [progress, setProgress] = useState<number | null>(null);
  const full = gallery.length >= GALLERY_MAX;
  // One fetcher for every remove button: the section stays mounted when an image goes away.
  const remover = useFetcher<typeof action>();
  const removed = outcomeOf(remover.data, "removeImage");
  useEffect(() => {
    if (!removed) return;
    if (removed.ok) toast.success(de.profile.gallery.removed);
    else toast.error(de.profile.gallery.removeError, { description: removed.message });
  }, [removed]);
  // The pressed remove button goes with its image: the focus then moves to the next one's, or the heading.
  const { list, heading, removing: refocusAfter } = useRefocusAfterRemoval(remover.state === "idle", gallery);

  async function upload(files: File[]) {
    const refused = precheck(files, gallery.length);
    if (refused) return toast.error(refused.title, { description: refused.description });
    const body = new FormData();
    for (const file of files) body.append("images", file);
    setProgress(0);
    try {
      const answer = await uploadWithProgress("/profile/gallery", body, setProgress);
      if (answer.ok) {
        toast.success(de.profile.gallery.uploaded, { description: de.profile.gallery.uploadedText(answer.added ?? files.length) });
      } else {
        toast.error(answer.title, { description: answer.message });
      }
      await revalidator.revalidate();
    } catch {
      toast.error(de.profile.gallery.uploadFailed, { description: de.profile.gallery.uploadFailedText });
    } finally {
      setProgress(null);
    }
  }

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <h2 ref={heading} id="gallery-heading" tabIndex={-1} className="text-xl font-semibold focus-visible:outline-none">
            {de.profile.gallery.heading(gallery.length, GALLERY_MAX)}
          </h2>
          <CardDescription>{de.profile.gallery.hint}</CardDescription>
        </div>
        {/* A plain upload form until the scripts run; then the button opens the picker (ImageUploadForm). */}
        <ImageUploadForm
          action="/profile/gallery"
          inputId="gallery-files"
          name="images"
          label={de.profile.gallery.add}
          multiple
          plainClassName="flex flex-col gap-2 sm:flex-row sm:items-center"
          inputRef={input}
          onFiles={(files) => void upload(files)}
        >
          {(hydrated) =>
            hydrated ? (
              <Button
                type="button"
                variant={full ? "outline" : "default"}
                disabled={progress !== null}
                onClick={() => {
                  // With five images the picker would only lead to a refusal: say so at once.
                  if (full) toast.error(de.profile.gallery.limitTitle, { description: de.profile.gallery.limitText });
                  else input.current?.click();
                }}
              >
                <ImagePlus aria-hidden="true" />
                {de.profile.gallery.add}
              </Button>
            ) : (
              <Button type="submit" variant={full ? "outline" : "default"}>
                <ImagePlus aria-hidden="true" />
                {de.profile.gallery.submit}
              </Button>
            )
          }
        </ImageUploadForm>
      </CardHeader>
      <CardContent className="grid gap-4">
        {progress !== null && <UploadProgress label={de.profile.gallery.uploading} percent={progress} percentText={de.profile.gallery.progress(progress)} />}
        {gallery.length === 0 ? (
          <div className="flex flex-col items-center rounded-xl border border-dashed px-6 py-10 text-center">
            <ImageOff className="size-9 text-muted-foreground" aria-hidden="true" />
            <p className="mt-3 font-medium">{de.profile.gallery.empty}</p>
          </div>
        ) : (
          <ul ref={list} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {gallery.map((url, i) => (
              <GalleryItem key={url} url={url} index={i + 1} remover={remover} onRemove={() => refocusAfter(i)} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

type Remover = ReturnType<typeof useFetcher<typeof action>>;

function GalleryItem({ url, index, remover, onRemove }: { url: string; index: number; remover: Remover; onRemove: () => void }) {
  const removing = remover.state !== "idle" && remover.formData?.get("url") === url;
  return (
    <li className={removing ? "opacity-50" : undefined}>
      <div className="relative overflow-hidden rounded-lg border">
        <a href={url} target="_blank" rel="noopener" className="block">
          <img src={url} alt={de.profile.gallery.image(index)} className="aspect-square w-full object-cover" loading="lazy" />
        </a>
        <remover.Form method="post" action="/profile" className="absolute right-1.5 top-1.5" onSubmit={onRemove}>
          <input type="hidden" name="intent" value="removeImage" />
          <input type="hidden" name="url" value={url} />
          <Button type="submit" variant="destructive" size="icon" className="size-8" disabled={removing} aria-label={de.profile.gallery.remove(index)}>
            <X aria-hidden="true" />
          </Button>
        </remover.Form>
      </div>
    </li>
  );
}
