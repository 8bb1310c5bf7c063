import { data } from "react-router";
import { categoryCoverSvg } from "~/features/services/category-cover.server";
import type { PolicyHandle } from "~/lib/route-policy";
import type { Route } from "./+types/service-cover";

/** The picture carries a Content-Security-Policy of its own (an SVG runs nothing as an <img>, nor here). */
export const handle = { policy: { ownContentPolicy: true } } satisfies PolicyHandle;

/** GET /service-covers/{category-slug}.svg: the generated cover of services without images. */
export function loader({ params }: Route.LoaderArgs) {
  const name = params.name ?? "";
  const svg = name.endsWith(".svg") ? categoryCoverSvg(name.slice(0, -4)) : null;
  if (!svg) throw data(null, { status: 404 });
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'",
      // The address carries a version (categoryCoverUrl): a changed drawing gets a new one.
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
