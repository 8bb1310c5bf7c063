import { Mail } from "~/components/ui/icons";
import { Link } from "react-router";
import { Card } from "~/components/ui/card";
import { requireDevOutbox } from "~/features/auth/dev-mail.server";
import { de, pageMeta } from "~/i18n/de";
import { listOutbox } from "~/lib/mail.server";
import type { Route } from "./+types/dev.mail";

export function loader({ request }: Route.LoaderArgs) {
  return { messages: listOutbox(requireDevOutbox(request)) };
}

export function meta() {
  return pageMeta(de.devMail.title, undefined, { robots: "noindex" });
}

export default function DevMail({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{de.devMail.title}</h1>
      <p className="mt-2 text-muted-foreground">{de.devMail.description}</p>
      {loaderData.messages.length === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed p-8 text-center text-muted-foreground">{de.devMail.empty}</p>
      ) : (
        <Card className="mt-8 divide-y overflow-hidden">
          {loaderData.messages.map((message) => (
            <Link
              key={message.id}
              to={`/dev/mail/${message.id}`}
              className="flex items-start gap-3 px-4 py-3 transition-colors hover:bg-accent focus-visible:bg-accent"
            >
              <Mail className="mt-1 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{message.subject}</span>
                <span className="block truncate text-sm text-muted-foreground">
                  {de.devMail.to}: {message.to}
                </span>
              </span>
              <time className="shrink-0 text-xs text-muted-foreground">{message.date}</time>
            </Link>
          ))}
        </Card>
      )}
    </div>
  );
}
