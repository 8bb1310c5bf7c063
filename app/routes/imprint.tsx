import { LegalPage } from "~/features/legal/legal-page";
import { pageTitle } from "~/i18n/de";
import { imprint } from "~/i18n/legal.de";

export function meta() {
  return [{ title: pageTitle(imprint.title) }, { name: "description", content: imprint.intro }];
}

export default function Page() {
  return <LegalPage document={imprint} />;
}
