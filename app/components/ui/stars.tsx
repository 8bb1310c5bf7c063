import { Star } from "lucide-react";
import { cn } from "~/lib/utils";

/** Five stars filled to the (rounded) rating; the label says the number for screen readers. */
export function Stars({ value, label, className }: { value: number; label: string; className?: string }) {
  const rounded = Math.round(value);
  return (
    <span role="img" aria-label={label} className={cn("inline-flex items-center gap-0.5", className)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={cn("size-4", n <= rounded ? "fill-amber-400 text-amber-400" : "fill-transparent text-muted-foreground/50")}
        />
      ))}
    </span>
  );
}
