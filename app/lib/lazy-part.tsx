import { lazy, useEffect, type ComponentType } from "react";
import { toast } from "~/components/ui/toast";
import { publicDe as de } from "~/i18n/public.de";

/**
 * A part of a page that loads on demand (a dialog, a popover): its trigger is a plain button that
 * hydrates with the page and keeps the state (open or not), and the part mounts once it is
 * wanted. So a click made before the part's code arrived is never lost, and the button (with the
 * keyboard focus) stays the same element. `preload` starts loading early, e.g. on hover or focus.
 *
 * If the code cannot be loaded (offline, or a new release replaced the file), the part says so
 * in a toast and closes again; the page keeps working.
 */
export function lazyPart<P extends { onOpenChange: (open: boolean) => void }>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        console.warn("Loading a part of the page failed:", error);
        return { default: PartUnavailable as ComponentType<P> };
      },
    ));
  return { Part: lazy(preload), preload };
}

function PartUnavailable({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  useEffect(() => {
    toast.error(de.lazyPart.failed, { description: de.lazyPart.failedText });
    onOpenChange(false);
  }, [onOpenChange]);
  return null;
}
