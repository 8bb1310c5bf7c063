import { LegalPage } from "~/features/legal/legal-page";
import { pageMeta } from "~/i18n/public.de";
import { termsOfService } from "~/i18n/legal.de";

export function meta() {
  return pageMeta(termsOfService.title, termsOfService.intro);
}

export default function Page() {
  return <LegalPage document={termsOfService} />;
}
