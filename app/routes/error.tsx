import { data } from "react-router";
import { ServerErrorPage } from "~/components/layout/error-pages";
import { publicDe as de, pageMeta } from "~/i18n/public.de";

// The spec's /error route: the 500 page, with a 500 status.
export function loader() {
  return data(null, { status: 500 });
}

export function meta() {
  return pageMeta(de.serverError.title, undefined, { robots: "noindex" });
}

export default function ErrorRoute() {
  return <ServerErrorPage />;
}
