import { LegalPage } from "~/features/legal/legal-page";
import { pageTitle } from "~/i18n/de";
import { privacyPolicy } from "~/i18n/legal.de";

export function meta() {
  return [{ title: pageTitle(privacyPolicy.title) }, { name: "description", content: privacyPolicy.intro }];
}

export default function Page() {
  return <LegalPage document={privacyPolicy} />;
}
