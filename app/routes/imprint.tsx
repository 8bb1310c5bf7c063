import { LegalPage } from "~/features/legal/legal-page";
import { pageMeta } from "~/i18n/public.de";
import { imprint } from "~/i18n/legal.de";

export function meta() {
  return pageMeta(imprint.title, imprint.intro);
}

export default function Page() {
  return <LegalPage document={imprint} />;
}
