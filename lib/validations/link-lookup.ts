import "@/lib/validations/zod-setup";
import { z } from "zod";
import { normalizeUrl, URL_REQUIRED_MESSAGE } from "@/lib/links/url";

// GET /api/links/lookup?url=: is this page already in the caller's stash (the extension's badge)?
// The address is normalised as a save normalises it, so it finds what a save of it stored.

export const linkLookupQuerySchema = z.object({
  url: z.string({ error: URL_REQUIRED_MESSAGE }).transform((value, ctx) => {
    const result = normalizeUrl(value);
    if (result.ok) return result.url;
    ctx.addIssue({ code: "custom", message: result.message });
    return z.NEVER;
  }),
});
