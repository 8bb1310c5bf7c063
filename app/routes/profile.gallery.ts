import { addGalleryImages } from "~/features/profile/images.server";
import { GALLERY_MAX } from "~/features/profile/schema";
import { handleImageUpload, notFoundOnGet } from "~/features/profile/upload-route.server";
import { de } from "~/i18n/de";
import type { PolicyHandle } from "~/lib/route-policy";
import type { Route } from "./+types/profile.gallery";

/** Multipart bodies up to the upload ceiling; the reader cuts each file off at 5 MB. */
export const handle = { policy: { body: "upload" } } satisfies PolicyHandle;

/** POST /profile/gallery: several images at once; all are checked before any is stored. */
export async function action(args: Route.ActionArgs) {
  return handleImageUpload(args, {
    kind: "gallery",
    maxFiles: GALLERY_MAX,
    async run({ db, storage, actorId, files }) {
      const { added } = await addGalleryImages(db, storage, { actorId, files });
      return {
        answer: { ok: true, added },
        flash: { type: "success", title: de.profile.gallery.uploaded, description: de.profile.gallery.uploadedText(added) },
      };
    },
  });
}

export const loader = notFoundOnGet;
