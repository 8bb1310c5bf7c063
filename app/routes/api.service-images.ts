import { data } from "react-router";
import { uploadServiceImages } from "~/features/services/images-route.server";
import type { PolicyHandle } from "~/lib/route-policy";
import type { Route } from "./+types/api.service-images";

/** Multipart bodies up to the upload ceiling; the reader cuts each file off at 5 MB. */
export const handle = { policy: { body: "upload" } } satisfies PolicyHandle;

/** POST /api/service-images: upload to an own service, or to the create form's drafts (JSON answer). */
export function action(args: Route.ActionArgs) {
  return uploadServiceImages(args);
}

export function loader(): never {
  throw data(null, { status: 404 });
}
