import { useEffect, useState, type ComponentType } from "react";
import { toast } from "~/components/ui/toast";
import { publicDe as de } from "~/i18n/public.de";

interface PartProps {
  /** A part that stays mounted while closed says so; a closed part loads nothing. */
  open?: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A part of a page that loads on demand (a dialog, a popover): its trigger is a plain button that
 * hydrates with the page and keeps the state (open or not), and the part mounts once it is
 * wanted. So a click made before the part's code arrived is never lost, and the button (with the
 * keyboard focus) stays the same element. `preload` starts loading early, e.g. on hover or focus.
 *
 * If the code cannot be loaded (offline, or a new release replaced the file), the part says so
 * in a toast and closes again (the trigger's state follows); the next wish to open tries again,
 * so a passing network failure does not disable the part until the page is reloaded.
 */
export function lazyPart<P extends PartProps>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null; // the next attempt loads again
        throw error;
      },
    ));

  function Part(props: P) {
    const [component, setComponent] = useState<ComponentType<P> | null>(() => loaded);
    const { open, onOpenChange } = props;
    useEffect(() => {
      if (component || open === false) return;
      let current = true;
      preload().then(
        (loadedComponent) => {
          if (current) setComponent(() => loadedComponent);
        },
        (error: unknown) => {
          if (!current) return;
          console.warn("Loading a part of the page failed:", error);
          toast.error(de.lazyPart.failed, { description: de.lazyPart.failedText });
          onOpenChange(false);
        },
      );
      return () => {
        current = false;
      };
    }, [component, open, onOpenChange]);
    if (!component) return null;
    const Loaded = component;
    return <Loaded {...props} />;
  }
  return { Part, preload: () => void preload().catch(() => {}) };
}
