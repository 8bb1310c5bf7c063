import type * as React from "react";
import { cn } from "~/lib/class-names";

export function Label({ className, ...props }: React.ComponentProps<"label">) {
  return <label className={cn("ui-label", className)} {...props} />;
}
