import { PlaceholderPage } from "~/components/layout/placeholder-page";
import { de, pageTitle } from "~/i18n/de";

export function meta() {
  return [{ title: pageTitle(de.pages.forgotPassword) }];
}

export default function Page() {
  return <PlaceholderPage title={de.pages.forgotPassword} />;
}
