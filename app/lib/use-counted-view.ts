import { useEffect, useState } from "react";

/**
 * Counts this opening of a page (one POST to `url`, which answers the new count under `field`)
 * and shows the count including it; until the answer arrives, and if it fails, the count the
 * page was rendered with.
 */
export function useCountedView(url: string, field: "views" | "profileViews", rendered: number): number {
  const [counted, setCounted] = useState<{ url: string; value: number } | null>(null);
  useEffect(() => {
    let current = true;
    fetch(url, { method: "POST" })
      .then((response) => (response.ok ? (response.json() as Promise<Record<string, unknown>>) : null))
      .then((body) => {
        const value = body?.[field];
        if (current && typeof value === "number") setCounted({ url, value });
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [url, field]);
  // An answer for another page (client-side navigation) is not this page's count.
  return counted && counted.url === url ? Math.max(counted.value, rendered) : rendered;
}
