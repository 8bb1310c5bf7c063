import type * as React from "react";
import { cn } from "~/lib/class-names";

export function Input({ className, type = "text", ...props }: React.ComponentProps<"input">) {
  return (
    <input
      type={type}
      className={cn("ui-input", className)}
      {...props}
    />
  );
}
