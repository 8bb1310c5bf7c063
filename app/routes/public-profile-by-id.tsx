import { PlaceholderPage } from "~/components/layout/placeholder-page";
import { de, pageMeta } from "~/i18n/de";

export function meta() {
  return pageMeta(de.pages.publicProfile);
}

export default function Page() {
  return <PlaceholderPage title={de.pages.publicProfile} />;
}
