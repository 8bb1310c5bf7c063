import { Bell, Loader2 } from "~/components/ui/icons";
import { useEffect, useId } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS, type NotificationChannel, type NotificationSettings } from "~/features/notifications/kinds";
import { settingFieldName } from "~/features/notifications/settings-form";
import { inboxDe } from "~/i18n/inbox.de";
import { outcomeOf } from "~/lib/action-outcome";
import type { action } from "~/routes/profile";

const t = inboxDe.settings;
const CHANNELS: { channel: NotificationChannel; label: string }[] = [
  { channel: "inApp", label: t.inApp },
  { channel: "email", label: t.email },
];

/**
 * "Benachrichtigungseinstellungen": per kind, in-app and by e-mail, saved with one form. A plain
 * form without JavaScript (the server sends the browser back to /profile with the outcome as its
 * flash message), a fetcher with a toast with it.
 */
export function NotificationSettingsSection({ settings }: { settings: NotificationSettings }) {
  const fetcher = useFetcher<typeof action>();
  const result = outcomeOf(fetcher.data, "notificationSettings");
  const busy = fetcher.state !== "idle";
  const id = useId();

  useEffect(() => {
    if (!result) return;
    if (result.ok) toast.success(t.saved, { description: t.savedText });
    else toast.error(t.saveError, { description: result.message });
  }, [result]);

  return (
    <Card id="notification-settings">
      <CardHeader>
        <h2 id="notification-settings-heading" className="flex items-center gap-2 text-xl font-semibold">
          <Bell className="size-5 shrink-0 text-primary" aria-hidden="true" />
          {/* One long German word: it hyphenates on a phone instead of widening the page. */}
          <span className="min-w-0 hyphens-auto [overflow-wrap:anywhere]">{t.heading}</span>
        </h2>
        <CardDescription>{t.intro}</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" action="/profile" aria-labelledby="notification-settings-heading">
          <input type="hidden" name="intent" value="notificationSettings" />
          <ul className="divide-y rounded-xl border">
            {NOTIFICATION_KINDS.map((kind) => {
              const { label, hint } = NOTIFICATION_KIND_LABELS[kind];
              return (
                <li key={kind}>
                  <div role="group" aria-labelledby={`${id}-${kind}`} aria-describedby={`${id}-${kind}-hint`} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
                  <div className="min-w-0 flex-1">
                    <p id={`${id}-${kind}`} className="font-medium">
                      {label}
                    </p>
                    <p id={`${id}-${kind}-hint`} className="text-sm text-muted-foreground">
                      {hint}
                    </p>
                  </div>
                  <div className="flex shrink-0 flex-wrap gap-x-6 gap-y-2">
                    {CHANNELS.map(({ channel, label: channelLabel }) => (
                      <label key={channel} className="inline-flex min-h-9 cursor-pointer items-center gap-2 text-sm">
                        <input
                          type="checkbox"
                          name={settingFieldName(kind, channel)}
                          defaultChecked={settings[kind][channel]}
                          className="size-4 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                        />
                        {channelLabel}
                      </label>
                    ))}
                  </div>
                  </div>
                </li>
              );
            })}
          </ul>
          <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
            <Button type="submit" disabled={busy}>
              {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
              {busy ? t.saving : t.save}
            </Button>
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
