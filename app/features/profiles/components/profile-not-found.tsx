import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { de } from "~/i18n/de";

export function ProfileNotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <p className="text-6xl font-bold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold">{de.publicProfile.notFound}</h1>
      <p className="mt-2 text-muted-foreground">{de.publicProfile.notFoundText}</p>
      <Button asChild className="mt-6">
        <Link to="/services">{de.services.detail.backToList}</Link>
      </Button>
    </div>
  );
}
