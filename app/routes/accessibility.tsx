import { LegalPage } from "~/features/legal/legal-page";
import { pageMeta } from "~/i18n/public.de";
import { accessibilityStatement } from "~/i18n/legal.de";

export function meta() {
  return pageMeta(accessibilityStatement.title, accessibilityStatement.intro);
}

export default function Page() {
  return <LegalPage document={accessibilityStatement} />;
}
