import { ArrowLeft, Home, RotateCcw } from "~/components/ui/icons";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { publicDe as de } from "~/i18n/public.de";
import { StatusPage } from "./status-page";

export function NotFoundPage() {
  return (
    <StatusPage code={de.notFound.code} title={de.notFound.title} text={de.notFound.text}>
      <BackAndHome />
    </StatusPage>
  );
}

/** A request the server refused as it was sent (400, 405, 413, …): not the server's fault. */
export function ClientErrorPage({ status }: { status: number }) {
  return (
    <StatusPage code={String(status)} title={de.clientError.title} text={de.clientError.text}>
      <BackAndHome />
    </StatusPage>
  );
}

/** Back where the visitor came from (the start page when this page opened a fresh tab), or home. */
function BackAndHome() {
  return (
    <>
      <Button type="button" variant="outline" onClick={() => (window.history.length > 1 ? window.history.back() : window.location.assign("/"))}>
        <ArrowLeft aria-hidden="true" />
        {de.notFound.back}
      </Button>
      <Button asChild>
        <Link to="/">
          <Home aria-hidden="true" />
          {de.notFound.home}
        </Link>
      </Button>
    </>
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
