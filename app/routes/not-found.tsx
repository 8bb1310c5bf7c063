import { data } from "react-router";
import { NotFoundPage } from "~/components/layout/error-pages";
import { publicDe as de, pageMeta } from "~/i18n/public.de";

// Any unknown path renders the 404 page with a real 404 status.
export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return pageMeta(de.notFound.title, undefined, { robots: "noindex" });
}

export default function NotFound() {
  return <NotFoundPage />;
}
