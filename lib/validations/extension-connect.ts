import "@/lib/validations/zod-setup";
import { z } from "zod";
import { extensionReceiver } from "@/lib/extension/redirect-url";

// POST /api/extension/connect {redirectUrl, state}: the extension's own receiving page and the
// random state it will check on the way back, both from the connect page's address (decision 0324).

export const NOT_AN_EXTENSION_MESSAGE =
  "This connect link does not come from the LinkStash extension. Open the extension's options and choose Connect.";

/** The extension's random state: URL-safe, 16 to 128 characters. */
export const CONNECT_STATE_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

export const extensionConnectSchema = z.object({
  redirectUrl: z
    .string({ error: NOT_AN_EXTENSION_MESSAGE })
    .refine((value) => extensionReceiver(value) !== null, { error: NOT_AN_EXTENSION_MESSAGE }),
  state: z
    .string({ error: NOT_AN_EXTENSION_MESSAGE })
    .regex(CONNECT_STATE_PATTERN, { error: NOT_AN_EXTENSION_MESSAGE }),
});

export type ExtensionConnectInput = z.input<typeof extensionConnectSchema>;
