import { createContext, useContext } from "react";

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
 * The fragments' HTML as the document brought it, by the data it was rendered from (the loader's
 * value, the same object for as long as that data is shown). Kept outside the component: a grid
 * that mounts again later with the same data (after skeletons of an interrupted navigation, say)
 * shows the cards again, although its document's data never carried them (they came as HTML).
 */
const capturedHtml = new WeakMap<object, string>();

/**
 * Whether this render shows the shared HTML of `key`, and that HTML on the server. `data` is the
 * value the fragment was rendered from: the browser keeps the server's HTML while the data it
 * hydrated with is still the data shown.
 */
export function useSharedFragment(key: string, data: object): { shared: boolean; html: string | undefined } {
  const fragments = useContext(FragmentsContext);
  const html = fragments?.get(key);
  if (html !== undefined) return { shared: true, html };
  // Only during the first render of the document (hydration) can the DOM hold the server's fragment.
  // The HTML is kept too: should React render the page afresh instead of hydrating it (after a
  // mismatch elsewhere), or the part mount again, the element is created anew and needs its content.
  if (typeof document !== "undefined" && document.documentElement.dataset.hydrated !== "true" && !capturedHtml.has(data)) {
    const element = document.querySelector(`[${FRAGMENT_ATTRIBUTE}="${CSS.escape(key)}"]`);
    if (element) capturedHtml.set(data, element.innerHTML);
  }
  const kept = capturedHtml.get(data);
  return kept === undefined ? { shared: false, html: undefined } : { shared: true, html: kept };
}
