import { cn } from "~/lib/class-names";

/**
 * Five stars filled to the (rounded) rating, as two lines of text glyphs rather than
 * five SVGs: lists render many of them. The label says the number for screen readers.
 */
export function Stars({ value, label, className }: { value: number; label: string; className?: string }) {
  const filled = Math.max(0, Math.min(5, Math.round(value)));
  return (
    <span role="img" aria-label={label} className={cn("ui-stars", className)}>
      <span aria-hidden="true" className="text-muted-foreground/40">
        ★★★★★
      </span>
      <span aria-hidden="true" className="absolute inset-y-0 left-0 overflow-hidden whitespace-nowrap text-amber-400" style={{ width: `${filled * 20}%` }}>
        ★★★★★
      </span>
    </span>
  );
}
