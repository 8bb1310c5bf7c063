import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * Whether the page runs its scripts: false on the server and while hydrating, true after. What
 * the server renders must work without JavaScript (a link, an enabled button); the scripted
 * behaviour takes over from the first render after hydration.
 */
export function useScripted(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
