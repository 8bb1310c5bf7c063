/** Where blocking a person is confirmed (a page of its own without JavaScript) and carried out. */
export function blockPath(userId: string, returnTo?: string): string {
  const path = `/blocks/${encodeURIComponent(userId)}`;
  return returnTo ? `${path}?returnTo=${encodeURIComponent(returnTo)}` : path;
}
