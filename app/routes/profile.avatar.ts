import { updateAvatar } from "~/features/profile/images.server";
import { handleImageUpload, notFoundOnGet } from "~/features/profile/upload-route.server";
import { de } from "~/i18n/de";
import type { PolicyHandle } from "~/lib/route-policy";
import type { Route } from "./+types/profile.avatar";

/** Multipart bodies up to the upload ceiling; the reader cuts each file off at 5 MB. */
export const handle = { policy: { body: "upload" } } satisfies PolicyHandle;

/** POST /profile/avatar: one image, checked, re-encoded and stored as the user's avatar. */
export async function action(args: Route.ActionArgs) {
  return handleImageUpload(args, {
    kind: "avatar",
    maxFiles: 1,
    async run({ db, storage, actorId, files }) {
      const { avatarUrl } = await updateAvatar(db, storage, { actorId, file: files[0] });
      return { answer: { ok: true, avatarUrl }, flash: { type: "success", title: de.profile.avatar.updated } };
    },
  });
}

export const loader = notFoundOnGet;
