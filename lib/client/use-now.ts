import { useHydrated } from "@/lib/client/use-hydrated";

/**
 * "Now" for text that depends on the day (today's date, "Added today"): the server's moment
 * (`serverNow`, rendered into the page) while hydrating, so the browser's first render matches the
 * HTML however far the device's clock is from the server's; the device's clock from then on.
 */
export function useNow(serverNow: number): Date {
  return useHydrated() ? new Date() : new Date(serverNow);
}
