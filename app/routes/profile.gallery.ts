import { addGalleryImages } from "~/features/profile/images.server";
import { GALLERY_MAX } from "~/features/profile/schema";
import { handleImageUpload, notFoundOnGet } from "~/features/profile/upload-route.server";
import { de } from "~/i18n/de";
import type { Route } from "./+types/profile.gallery";

/** POST /profile/gallery: several images at once; all are checked before any is stored. */
export async function action({ request }: Route.ActionArgs) {
  return handleImageUpload(request, {
    maxFiles: GALLERY_MAX,
    failureTitle: de.profile.gallery.uploadFailed,
    failureMessage: de.profile.gallery.uploadFailedText,
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
