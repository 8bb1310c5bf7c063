import type * as React from "react";
import { Input } from "./input";
import { Label } from "./label";

/**
 * A labelled input with an optional hint and an error message wired up for screen readers. An
 * error that says what the hint says replaces it (the text is shown once, as the error).
 */
export function FormField({
  id,
  label,
  error,
  hint,
  ...props
}: React.ComponentProps<typeof Input> & { id: string; label: string; error?: string; hint?: string }) {
  const shownHint = hint && hint !== error ? hint : undefined;
  const describedBy = [shownHint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...props} />
      {shownHint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {shownHint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
