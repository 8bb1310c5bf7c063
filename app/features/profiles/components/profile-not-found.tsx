import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { publicDe as de } from "~/i18n/public.de";

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

/** A profile that could not be loaded (not a missing one): the spec's 'Error' / 'Failed to load profile'. */
export function ProfileLoadError() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center" role="alert">
      <h1 className="text-2xl font-bold">{de.publicProfile.loadErrorTitle}</h1>
      <p className="mt-2 text-muted-foreground">{de.publicProfile.loadError}</p>
      <Button asChild className="mt-6">
        {/* A full page load: after an error the client state may be broken. */}
        <a href="/services">{de.services.detail.backToList}</a>
      </Button>
    </div>
  );
}
