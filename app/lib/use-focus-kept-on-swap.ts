import { useCallback, useRef, type RefCallback } from "react";

/**
 * For a control that the scripts swap for another element (a link before, a button after): the
 * ref to give both. If the server's element has the focus when it is replaced, the scripted one
 * gets it (the removed element would leave it on <body>).
 */
export function useFocusKeptOnSwap<T extends HTMLElement>(): RefCallback<T> {
  const hadFocus = useRef(false);
  return useCallback((node: T | null) => {
    if (!node) return;
    if (hadFocus.current) {
      hadFocus.current = false;
      node.focus();
    }
    // Runs as the element is taken out, while it is still in the document.
    return () => {
      hadFocus.current = node === document.activeElement;
    };
  }, []);
}
