import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Eye } from "~/components/ui/icons";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/toast";
import { presenceDe } from "~/i18n/presence.de";
import { cn } from "~/lib/class-names";
import type { action, loader } from "~/routes/profile.presence";

/**
 * "Online-Status anzeigen" (default on). Off, nobody sees whether the user is online or when they
 * were last, and the user sees nobody's either; the server leaves the data out (ADR 021). The
 * section reads and saves through its own route (/profile/presence), so the profile page's
 * loader and action stay as they are.
 */
export function PresenceSetting() {
  const reader = useFetcher<typeof loader>();
  const saver = useFetcher<typeof action>();
  // Read once when the section mounts (the profile page's own loader stays as it is).
  const requested = useRef(false);
  useEffect(() => {
    if (requested.current) return;
    requested.current = true;
    void reader.load("/profile/presence");
  });

  const saved = saver.data;
  useEffect(() => {
    if (!saved) return;
    if (saved.ok) toast.success(presenceDe.setting.saved);
    else toast.error(presenceDe.setting.failed, { description: saved.message });
  }, [saved]);

  // While a save is on its way, show what was chosen; after it, what the server answered.
  const pending = saver.formData?.get("showStatus");
  const shown = pending ? pending === "on" : saved?.ok ? saved.showStatus : reader.data?.showStatus;
  const loaded = shown !== undefined;
  const on = shown ?? true;

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
        <div className="flex items-center justify-between gap-4 rounded-lg border p-4">
          <Label htmlFor="presence-switch">{presenceDe.setting.label}</Label>
          <button
            id="presence-switch"
            type="button"
            role="switch"
            aria-checked={on}
            aria-describedby="presence-hint"
            disabled={!loaded}
            onClick={() => void saver.submit({ showStatus: on ? "off" : "on" }, { method: "post", action: "/profile/presence" })}
            className={cn(
              "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-50",
              on ? "bg-primary" : "bg-input",
            )}
          >
            <span className={cn("inline-block size-5 rounded-full bg-background shadow transition-transform", on ? "translate-x-5" : "translate-x-0")} />
          </button>
        </div>
      </CardContent>
    </Card>
  );
}
