import { PlaceholderPage } from "~/components/layout/placeholder-page";
import { de, pageMeta } from "~/i18n/de";

export function meta() {
  return pageMeta(de.pages.forgotPassword);
}

export default function Page() {
  return <PlaceholderPage title={de.pages.forgotPassword} />;
}
