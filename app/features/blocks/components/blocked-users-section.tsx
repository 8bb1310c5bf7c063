import { Link } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { UserX } from "~/components/ui/icons";
import { blocksDe as t } from "~/i18n/blocks.de";
import { formatDate } from "~/lib/format";
import type { BlockedUserView } from "../blocks.server";
import { UnblockForm } from "./unblock-form";

/** "Blockierte Nutzer" on the profile: whom the user blocked, each with "Blockierung aufheben". */
export function BlockedUsersSection({ blocked }: { blocked: BlockedUserView[] }) {
  return (
    <Card>
      <CardHeader>
        <h2 id="blocked-users-heading" className="flex items-center gap-2 text-xl font-semibold">
          <UserX className="size-5 shrink-0 text-primary" aria-hidden="true" />
          {t.profile.heading}
        </h2>
        <p className="text-sm text-muted-foreground">{t.profile.intro}</p>
      </CardHeader>
      <CardContent>
        {blocked.length === 0 ? (
          <p className="rounded-xl border border-dashed px-6 py-6 text-center text-sm text-muted-foreground">{t.profile.empty}</p>
        ) : (
          <ul className="divide-y rounded-xl border" aria-labelledby="blocked-users-heading">
            {blocked.map((person) => (
              <li key={person.userId} className="flex flex-wrap items-center gap-3 p-3 sm:p-4">
                <Avatar src={person.avatarUrl} firstName={person.firstName} lastName={person.lastName} className="size-10" />
                {/* At least 10rem for the name: on a phone the button wraps below instead of squeezing it. */}
                <div className="min-w-0 flex-1 basis-40">
                  {person.username ? (
                    <Link to={`/u/${person.username}`} className="font-semibold break-words hover:underline">
                      {person.name}
                    </Link>
                  ) : (
                    <span className="font-semibold break-words">{person.name}</span>
                  )}
                  <p className="text-xs text-muted-foreground">{t.profile.since(formatDate(person.blockedAt))}</p>
                </div>
                <UnblockForm userId={person.userId} name={person.name} returnTo="/profile" />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
