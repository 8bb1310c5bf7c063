import { TriangleAlert } from "~/components/ui/icons";
import { Link } from "react-router";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { moderationPublicDe as t } from "~/i18n/moderation-public.de";

/** On an unlisted service, for its author only: why nobody else sees it, and where the statement of reasons is. */
export function RemovedServiceBanner({ removed }: { removed: boolean }) {
  return (
    <Alert variant="destructive" className="mt-4">
      <TriangleAlert aria-hidden="true" />
      <AlertDescription>
        <strong className="block">{removed ? t.removedBanner.title : t.removedBanner.suspendedTitle}</strong>
        {t.removedBanner.text}{" "}
        <Link to="/entscheidungen" className="inline-flex min-h-6 items-center font-medium underline underline-offset-4">
          {t.removedBanner.link}
        </Link>
      </AlertDescription>
    </Alert>
  );
}
