import { updateAvatar } from "~/features/profile/images.server";
import { handleImageUpload, notFoundOnGet } from "~/features/profile/upload-route.server";
import { de } from "~/i18n/de";
import type { Route } from "./+types/profile.avatar";

/** POST /profile/avatar: one image, checked, re-encoded and stored as the user's avatar. */
export async function action({ request }: Route.ActionArgs) {
  return handleImageUpload(request, {
    maxFiles: 1,
    failureTitle: de.profile.avatar.uploadFailed,
    failureMessage: de.profile.avatar.error,
    async run({ db, storage, actorId, files }) {
      const { avatarUrl } = await updateAvatar(db, storage, { actorId, file: files[0] });
      return { answer: { ok: true, avatarUrl }, flash: { type: "success", title: de.profile.avatar.updated } };
    },
  });
}

export const loader = notFoundOnGet;
