import { redirect } from "react-router";
import { PlaceholderPage } from "~/components/layout/placeholder-page";
import { getSessionUser } from "~/features/auth/session.server";
import { de, pageMeta } from "~/i18n/de";
import type { Route } from "./+types/service-edit";

// Owner only: until the catalogue lands, at least nobody signed out gets here.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/auth?redirectTo=${encodeURIComponent(url.pathname)}`);
  }
  return null;
}

export function meta() {
  return pageMeta(de.pages.serviceEdit);
}

export default function Page() {
  return <PlaceholderPage title={de.pages.serviceEdit} />;
}
