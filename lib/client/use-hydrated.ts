import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server render and while hydrating, true once React runs in the browser. A form's
 * submit button disabled until then cannot fall back to a native GET submission, which would put
 * the form's fields (an email address, say) into the URL and do nothing else.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
