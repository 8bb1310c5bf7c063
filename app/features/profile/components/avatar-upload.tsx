import { Camera, Loader2 } from "~/components/ui/icons";
import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "~/components/ui/toast";
import { Avatar } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import { de } from "~/i18n/de";
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES } from "../schema";
import { uploadWithProgress } from "../upload-client";
import { ImageUploadForm } from "./image-upload-form";

const IMAGE_TYPES = IMAGE_ACCEPT.split(",");

/**
 * The avatar with its upload button; the server checks the bytes again and re-encodes. Without
 * JavaScript (or before it runs) a plain upload form: the file field and its submit button;
 * /profile/avatar sends the browser back to /profile with the outcome.
 */
export function AvatarUpload({ avatarUrl, firstName, lastName }: { avatarUrl: string | null; firstName: string; lastName: string }) {
  const input = useRef<HTMLInputElement>(null);
  const revalidator = useRevalidator();
  const [progress, setProgress] = useState<number | null>(null);

  async function upload(file: File) {
    if (file.size > IMAGE_MAX_BYTES) return toast.error(de.profile.avatar.uploadFailed, { description: de.profile.avatar.tooLarge });
    if (!IMAGE_TYPES.includes(file.type)) return toast.error(de.profile.avatar.uploadFailed, { description: de.profile.avatar.notImage });
    const body = new FormData();
    body.append("avatar", file);
    setProgress(0);
    try {
      const answer = await uploadWithProgress("/profile/avatar", body, setProgress);
      if (answer.ok) {
        toast.success(de.profile.avatar.updated);
        await revalidator.revalidate();
      } else {
        toast.error(answer.title, { description: answer.message });
      }
    } catch {
      toast.error(de.profile.avatar.error);
    } finally {
      setProgress(null);
    }
  }

  return (
    <div className="flex flex-col items-center gap-3">
      <div className="relative">
        <Avatar src={avatarUrl} firstName={firstName} lastName={lastName} className="size-24 text-3xl" />
        {progress !== null && (
          <span className="absolute inset-0 flex items-center justify-center rounded-full bg-black/55 text-sm font-semibold text-white">
            {progress} %
          </span>
        )}
      </div>
      <ImageUploadForm
        action="/profile/avatar"
        inputId="avatar-file"
        name="avatar"
        label={de.profile.avatar.change}
        plainClassName="flex max-w-64 flex-col items-center gap-2"
        inputRef={input}
        onFiles={([file]) => void upload(file!)}
      >
        {(hydrated) =>
          hydrated ? (
            <Button type="button" variant="outline" size="sm" disabled={progress !== null} onClick={() => input.current?.click()}>
              {progress !== null ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Camera aria-hidden="true" />}
              {progress !== null ? de.profile.avatar.uploading : de.profile.avatar.change}
            </Button>
          ) : (
            <Button type="submit" variant="outline" size="sm">
              <Camera aria-hidden="true" />
              {de.profile.avatar.submit}
            </Button>
          )
        }
      </ImageUploadForm>
    </div>
  );
}
