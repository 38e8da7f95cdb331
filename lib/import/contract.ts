import "server-only";
import { z } from "zod";
import { defineEndpoint } from "@/lib/http/contract";
import { importLineAnswer } from "@/lib/import/schemas";
import { MAX_OPML_FEEDS, MAX_SUBSCRIPTIONS_PER_USER } from "@/lib/subscriptions/limits";

// Importing links from a file: the file is the request body, read as it arrives.

export const importEndpoint = defineEndpoint({
  method: "post",
  path: "/api/import",
  tag: "import and export",
  summary: "Import links, or feeds to follow, from a file",
  description: `The file is the request body (LinkStash JSON or CSV, Pocket, Raindrop, Instapaper, a browser's bookmarks, or a ZIP of CSVs), read as it arrives. The answer streams one JSON line per batch, then the summary. An OPML list of feeds (a feed reader's export) subscribes the caller to its feeds instead, each in the category its folder names, into the stash: nothing is fetched at once, each feed's newest items come in at its next check. Feeds already followed are skipped; past ${MAX_OPML_FEEDS.toLocaleString("en-US")} feeds in the file or ${MAX_SUBSCRIPTIONS_PER_USER} subscriptions in the account the rest are left out, and the summary's \`feeds\` says so.`,
  access: "session",
  ownQuery: z.object({
    filename: z.string().optional().meta({ description: "The file's name: its extension helps tell the format." }),
  }),
  upload: {
    schema: z.string().meta({ format: "binary", description: "The file's bytes, of any Content-Type." }),
    mediaType: "*/*",
    required: true,
  },
  success: {
    status: 200,
    description: "Progress lines, then the summary.",
    content: { "application/x-ndjson": importLineAnswer },
  },
  errors: {
    400: ["validation_failed"],
    413: ["payload_too_large"],
    422: ["import_limit"],
    429: ["rate_limited"],
  },
});
