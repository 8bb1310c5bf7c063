import { createContext, useContext, useState } from "react";

/**
 * Server-rendered HTML shared between requests (ADR 013). A part of a page that is the same for
 * every visitor (the catalogue's cards of a filter set) is rendered to HTML once, cached with
 * single-flight (~/lib/shared-cache.server), and inserted into each request's render as is, so
 * only the personal parts (header, counts) are rendered per request.
 *
 * In the browser the fragment is kept as the server sent it: hydration leaves the element's HTML
 * alone (an element with `dangerouslySetInnerHTML` is not compared), so the cards are neither
 * rendered nor hydrated on load. Its interactive parts work by delegation from the wrapper (see
 * the catalogue's grid). Once the data changes (another filter, a revalidation), the part renders
 * as ordinary React.
 */
const FragmentsContext = createContext<ReadonlyMap<string, string> | null>(null);
export const SharedFragmentsProvider = FragmentsContext.Provider;

/** The attribute that marks a shared fragment in the document (its value is the fragment's key). */
export const FRAGMENT_ATTRIBUTE = "data-shared-fragment";

/**
 * Whether this render shows the shared HTML of `key`, and that HTML on the server. `data` is the
 * value the fragment was rendered from: the browser keeps the server's HTML while the data it
 * hydrated with is still the data shown.
 */
export function useSharedFragment(key: string, data: unknown): { shared: boolean; html: string | undefined } {
  const fragments = useContext(FragmentsContext);
  const html = fragments?.get(key);
  // Only during the first render of the document (hydration) can the DOM hold the server's fragment.
  // The HTML is kept too: should React render the page afresh instead of hydrating it (after a
  // mismatch elsewhere), the element is created anew and needs its content.
  const [hydrated] = useState(() => {
    if (typeof document === "undefined" || document.documentElement.dataset.hydrated === "true") return undefined;
    const element = document.querySelector(`[${FRAGMENT_ATTRIBUTE}="${CSS.escape(key)}"]`);
    return element ? { data, html: element.innerHTML } : undefined;
  });
  if (html !== undefined) return { shared: true, html };
  if (hydrated && hydrated.data === data) return { shared: true, html: hydrated.html };
  return { shared: false, html: undefined };
}
