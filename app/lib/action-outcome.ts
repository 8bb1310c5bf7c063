/**
 * The answer of one form of a page with several (the action adapter tags each answer with its
 * intent, ~/lib/responses.server): narrows `useFetcher<typeof action>().data` to that form's own.
 */
export function outcomeOf<D, K extends string>(data: D | undefined, intent: K): Extract<D, { intent: K }> | undefined {
  if (data && typeof data === "object" && (data as { intent?: unknown }).intent === intent) return data as Extract<D, { intent: K }>;
  return undefined;
}
