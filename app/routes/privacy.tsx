import { LegalPage } from "~/features/legal/legal-page";
import { pageMeta } from "~/i18n/public.de";
import { privacyPolicy } from "~/i18n/legal.de";

export function meta() {
  return pageMeta(privacyPolicy.title, privacyPolicy.intro);
}

export default function Page() {
  return <LegalPage document={privacyPolicy} />;
}
