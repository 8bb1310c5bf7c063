import { ArrowLeft, Home, RotateCcw } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { de } from "~/i18n/de";
import { StatusPage } from "./status-page";

export function NotFoundPage() {
  return (
    <StatusPage code={de.notFound.code} title={de.notFound.title} text={de.notFound.text}>
      <Button type="button" variant="outline" onClick={() => window.history.back()}>
        <ArrowLeft aria-hidden="true" />
        {de.notFound.back}
      </Button>
      <Button asChild>
        <Link to="/">
          <Home aria-hidden="true" />
          {de.notFound.home}
        </Link>
      </Button>
    </StatusPage>
  );
}

export function ServerErrorPage() {
  return (
    <StatusPage code={de.serverError.code} title={de.serverError.title} text={de.serverError.text}>
      <Button type="button" variant="outline" onClick={() => window.location.reload()}>
        <RotateCcw aria-hidden="true" />
        {de.serverError.retry}
      </Button>
      <Button asChild>
        {/* A full page load: after an error the client state may be broken. */}
        <a href="/">
          <Home aria-hidden="true" />
          {de.serverError.home}
        </a>
      </Button>
    </StatusPage>
  );
}
