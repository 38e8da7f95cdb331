import { useState } from "react";
import { apiRequest } from "@/lib/client/fetcher";
import { stringField } from "@/lib/client/json-fields";

/** The `url` an answer sends the browser to (Stripe's checkout or billing portal), or null. */
export function redirectUrl(body: unknown): string | null {
  return stringField(body, "url") || null;
}

/**
 * POSTs `path` and sends the browser to the `url` of its answer, staying busy until the page is
 * left; `onFailure` gets the error, or null when the answer named no url.
 */
export function useRedirectingPost(path: string, onFailure: (error: unknown) => void) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const url = redirectUrl(await (await apiRequest("POST", path)).json());
      if (url) return window.location.assign(url);
      onFailure(null);
    } catch (error) {
      onFailure(error);
    }
    setBusy(false);
  };
  return { busy, run: () => void run() };
}
