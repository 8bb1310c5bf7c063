import { presenceDe } from "~/i18n/presence.de";

/**
 * "Lukas schreibt …" above the composer. The live region is always there (empty while nobody
 * types), so screen readers announce the text when it appears, politely.
 */
export function TypingIndicator({ name, typing }: { name: string; typing: boolean }) {
  return (
    <p role="status" aria-live="polite" className="h-6 truncate px-4 text-xs italic leading-6 text-muted-foreground">
      {typing ? presenceDe.typing(name) : ""}
    </p>
  );
}
