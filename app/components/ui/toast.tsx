import type * as React from "react";
import { lazy, Suspense, useEffect, useSyncExternalStore, type RefObject } from "react";
import type * as SonnerModule from "sonner";
import type { ExternalToast, toast as sonnerToast, ToasterProps } from "sonner";

/**
 * sonner's toasts, loaded on the first toast: most pages show none, and sonner (with its styles)
 * is a good part of a public page's JavaScript. `toast`, `toast.success`, `toast.error` and
 * `toast.dismiss` work as sonner's do; a toast's id is returned at once (sonner takes it as given).
 */
type Sonner = typeof SonnerModule;
type Title = Parameters<typeof sonnerToast>[0];

let sonner: Promise<Sonner> | null = null;
const listeners = new Set<() => void>();

function loadSonner() {
  if (!sonner) {
    sonner = import("sonner");
    // The Toaster mounts now; toasts created before it subscribes are shown when it does.
    for (const listener of listeners) listener();
  }
  return sonner;
}

let lastId = 0;
function show(kind: "message" | "success" | "error", title: Title, options?: ExternalToast) {
  const id = options?.id ?? `toast-${++lastId}`;
  loadSonner().then(
    ({ toast }) => (kind === "message" ? toast : toast[kind])(title, { ...options, id }),
    (error: unknown) => console.warn("Loading the toasts failed:", error),
  );
  return id;
}

export const toast = Object.assign((title: Title, options?: ExternalToast) => show("message", title, options), {
  success: (title: Title, options?: ExternalToast) => show("success", title, options),
  error: (title: Title, options?: ExternalToast) => show("error", title, options),
  dismiss: (id?: string | number) => {
    // Nothing is shown before sonner has been asked for.
    void sonner?.then(({ toast }) => toast.dismiss(id));
  },
});

/**
 * The toasts of one form's answers, under one id: each answer replaces the one before it (sonner
 * updates a toast in place), so an error the visitor has since fixed does not stay beside the
 * success. sonner merges an update into the toast it replaces: the description is reset here (the
 * answers pass no action, cancel or duration, which would otherwise carry over too).
 */
export function formToasts(id: string) {
  return {
    success: (title: Title, options?: ExternalToast) => toast.success(title, { description: undefined, ...options, id }),
    error: (title: Title, options?: ExternalToast) => toast.error(title, { description: undefined, ...options, id }),
  };
}

// A failed load (logged by the toast that asked) leaves the page without toasts, not broken.
const NoToaster = (_props: ToasterProps) => null;
const SonnerToaster = lazy<React.ComponentType<ToasterProps>>(() =>
  loadSonner().then(
    (module) => ({ default: module.Toaster }),
    () => ({ default: NoToaster }),
  ),
);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** sonner's Toaster, mounted with the first toast. */
export function Toaster(props: ToasterProps) {
  const wanted = useSyncExternalStore(subscribe, () => sonner !== null, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster {...props} />
    </Suspense>
  );
}

/** The CSS variable with the bottom edge (px from the viewport's top) of a page's own header that toasts must not cover (root.tsx). */
export const TOASTS_BELOW = "--toasts-below";

/**
 * While mounted, toasts start below the element wherever it is on screen, never over it: a chat's
 * header sits right under the site header, where the toasts would hide its name and its buttons
 * (on a phone, the back button). Scrolled out of sight, it leaves them below the site header.
 */
export function useToastsBelow(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    let frame = 0;
    const update = () => {
      frame = 0;
      root.style.setProperty(TOASTS_BELOW, `${Math.max(0, Math.round(element.getBoundingClientRect().bottom))}px`);
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(update);
    };
    update();
    // Its own size, and what moves it: the page scrolled or resized, content above it changed.
    const observer = new ResizeObserver(schedule);
    observer.observe(element);
    observer.observe(document.body);
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      root.style.removeProperty(TOASTS_BELOW);
    };
  }, [ref]);
}
