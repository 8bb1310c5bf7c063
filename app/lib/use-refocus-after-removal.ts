import { useCallback, useEffect, useRef } from "react";

/**
 * Focus for a list whose items each have a remove button (a form that a fetcher posts): the
 * pressed button goes with its item (and is disabled meanwhile), so once the list is settled the
 * focus moves to the remove button now at that place, the one before it, or the section's
 * heading (give it tabIndex={-1}), never to <body>. `settled` is false while the removal is on its
 * way; `items` is the list as rendered (a new one after the re-read).
 */
export function useRefocusAfterRemoval(settled: boolean, items: unknown) {
  const list = useRef<HTMLUListElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const refocusAt = useRef<number | null>(null);
  useEffect(() => {
    const index = refocusAt.current;
    if (index === null || !settled) return;
    refocusAt.current = null;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>("button[type=submit]") ?? [];
    (buttons[Math.min(index, buttons.length - 1)] ?? heading.current)?.focus();
  }, [settled, items]);
  /** Call when the item at `index` is submitted for removal. */
  const removing = useCallback((index: number) => {
    refocusAt.current = index;
  }, []);
  return { list, heading, removing };
}
