import { LegalPage } from "~/features/legal/legal-page";
import { pageTitle } from "~/i18n/de";
import { termsOfService } from "~/i18n/legal.de";

export function meta() {
  return [{ title: pageTitle(termsOfService.title) }, { name: "description", content: termsOfService.intro }];
}

export default function Page() {
  return <LegalPage document={termsOfService} />;
}
