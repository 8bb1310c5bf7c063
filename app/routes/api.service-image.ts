import { data } from "react-router";
import { changeServiceImage } from "~/features/services/images-route.server";
import type { Route } from "./+types/api.service-image";

/** POST /api/service-images/{imageId}: remove an image, or make it the cover / move it (owner only). */
export function action(args: Route.ActionArgs) {
  return changeServiceImage(args);
}

export function loader(): never {
  throw data(null, { status: 404 });
}
