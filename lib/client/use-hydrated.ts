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

/**
 * "Now" for text that depends on the day (today's date, "Added today"): the server's moment
 * (`serverNow`, rendered into the page) while hydrating, so the browser's first render matches the
 * HTML however far the device's clock is from the server's; the device's clock from then on.
 */
export function useNow(serverNow: number): Date {
  return useHydrated() ? new Date() : new Date(serverNow);
}
