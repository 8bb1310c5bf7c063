import { data } from "react-router";
import { NotFoundPage } from "~/components/layout/error-pages";
import { de, pageTitle } from "~/i18n/de";

// Any unknown path renders the 404 page with a real 404 status.
export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: pageTitle(de.notFound.title) }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return <NotFoundPage />;
}
