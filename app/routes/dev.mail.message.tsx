import { data, Link } from "react-router";
import { Card } from "~/components/ui/card";
import { requireDevOutbox } from "~/features/auth/dev-mail.server";
import { de, pageMeta } from "~/i18n/de";
import { readOutboxMessage } from "~/lib/mail.server";
import type { Route } from "./+types/dev.mail.message";

export function loader({ request, params }: Route.LoaderArgs) {
  const message = readOutboxMessage(requireDevOutbox(request), params.id);
  if (!message) throw data(null, { status: 404 });
  return { message };
}

export function meta() {
  return pageMeta(de.devMail.title, undefined, { robots: "noindex" });
}

/** The plain-text body with its links made clickable. */
function LinkedText({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <pre className="whitespace-pre-wrap break-words font-sans text-sm leading-relaxed">
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          <a key={i} href={part} className="font-medium text-primary underline underline-offset-4">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </pre>
  );
}

export default function DevMailMessage({ loaderData }: Route.ComponentProps) {
  const { message } = loaderData;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <Link to="/dev/mail" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
        {de.devMail.back}
      </Link>
      <h1 className="mt-4 text-2xl font-bold tracking-tight">{message.subject}</h1>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <dt>{de.devMail.to}:</dt>
        <dd className="break-all">{message.to}</dd>
        <dt>{de.devMail.date}:</dt>
        <dd>{message.date}</dd>
        {/* What a mail client acts on, e.g. the one-click unsubscribe (RFC 8058). */}
        {message.headers.map((header) => (
          <div key={header.name} className="contents">
            <dt>{header.name}:</dt>
            <dd className="break-all font-mono text-xs leading-5">{header.value}</dd>
          </div>
        ))}
      </dl>
      <Card className="mt-6 p-6">
        <LinkedText text={message.text} />
      </Card>
    </div>
  );
}
