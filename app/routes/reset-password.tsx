import { PlaceholderPage } from "~/components/layout/placeholder-page";
import { de, pageTitle } from "~/i18n/de";

export function meta() {
  return [{ title: pageTitle(de.pages.resetPassword) }];
}

export default function Page() {
  return <PlaceholderPage title={de.pages.resetPassword} />;
}
