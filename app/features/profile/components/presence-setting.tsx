import { useEffect } from "react";
import { useFetcher } from "react-router";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Eye } from "~/components/ui/icons";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/toast";
import { presenceDe } from "~/i18n/presence.de";
import { cn } from "~/lib/class-names";
import type { action } from "~/routes/profile.presence";

/**
 * "Online-Status anzeigen" (default on). Off, nobody sees whether the user is online or when they
 * were last, and the user sees nobody's either; the server leaves the data out (ADR 021). The
 * section saves through its own route (/profile/presence); the profile page's loader brings the
 * stored value, so the section is complete on the first render (without JavaScript too: the
 * switch is then a plain form's submit button, and the route sends the browser back to /profile).
 */
export function PresenceSetting({ showStatus }: { showStatus: boolean }) {
  const saver = useFetcher<typeof action>();

  const saved = saver.data;
  useEffect(() => {
    if (!saved) return;
    if (saved.ok) toast.success(presenceDe.setting.saved);
    else toast.error(presenceDe.setting.failed, { description: saved.message });
  }, [saved]);

  // While a save is on its way, show what was chosen; after it, what the server answered.
  const pending = saver.formData?.get("showStatus");
  const on = pending ? pending === "on" : saved?.ok ? saved.showStatus : showStatus;

  return (
    <Card>
      <CardHeader>
        <h2 id="presence-heading" className="flex items-center gap-2 text-xl font-semibold">
          <Eye className="size-5 text-primary" aria-hidden="true" />
          {presenceDe.setting.heading}
        </h2>
        <CardDescription id="presence-hint">{presenceDe.setting.hint}</CardDescription>
      </CardHeader>
      <CardContent>
        <saver.Form method="post" action="/profile/presence" className="flex items-center justify-between gap-4 rounded-lg border p-4">
          <input type="hidden" name="showStatus" value={on ? "off" : "on"} />
          <Label htmlFor="presence-switch">{presenceDe.setting.label}</Label>
          <button
            id="presence-switch"
            type="submit"
            role="switch"
            aria-checked={on}
            aria-describedby="presence-hint"
            disabled={saver.state !== "idle"}
            className={cn(
              "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-50",
              on ? "bg-primary" : "bg-input",
            )}
          >
            <span className={cn("inline-block size-5 rounded-full bg-background shadow transition-transform", on ? "translate-x-5" : "translate-x-0")} />
          </button>
        </saver.Form>
      </CardContent>
    </Card>
  );
}
