import { useEffect, type RefObject } from "react";

/**
 * Where the keyboard focus goes after a form post has been answered. The submit button the user
 * left is disabled while sending (or gone with the form), which sends the focus to the page and
 * a keyboard or screen-reader user back to its top (WCAG 2.4.3).
 */

/**
 * A refusal: the first field it names (`fieldErrors`), else the element marked `data-refusal`
 * (the message, with `tabIndex={-1}`). Runs once per answer.
 */
export function useRefusalFocus(container: RefObject<HTMLElement | null>, refusal: { fieldErrors?: Record<string, string> } | null | undefined) {
  useEffect(() => {
    if (!refusal) return;
    const first = Object.keys(refusal.fieldErrors ?? {})[0];
    container.current?.querySelector<HTMLElement>(first ? `[name="${CSS.escape(first)}"]` : "[data-refusal]")?.focus();
  }, [container, refusal]);
}

/** A success that replaced the form: its confirmation (an element with `tabIndex={-1}`). */
export function useSuccessFocus(target: RefObject<HTMLElement | null>, answer: { ok: boolean } | null | undefined) {
  useEffect(() => {
    if (answer?.ok) target.current?.focus();
  }, [target, answer]);
}
