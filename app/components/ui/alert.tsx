import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "~/lib/class-names";

/** The classes are in ui.css (components layer): a caller's utilities win over them. */
const alertVariants = cva("ui-alert", {
  variants: {
    variant: {
      default: "ui-alert-default",
      destructive: "ui-alert-destructive",
      success: "ui-alert-success",
    },
  },
  defaultVariants: { variant: "default" },
});

export function Alert({ className, variant, ...props }: React.ComponentProps<"div"> & VariantProps<typeof alertVariants>) {
  return <div role={variant === "destructive" ? "alert" : "status"} className={cn(alertVariants({ variant }), className)} {...props} />;
}

export function AlertTitle({ className, ...props }: React.ComponentProps<"h5">) {
  return <h5 className={cn("ui-alert-title", className)} {...props} />;
}

export function AlertDescription({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("ui-alert-description", className)} {...props} />;
}
