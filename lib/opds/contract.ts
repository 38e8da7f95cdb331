import "server-only";
import { z } from "zod";
import type { Operation } from "@/lib/http/contract";

// The OPDS catalog (OPDS's own paths, outside /api and outside the API's document): HTTP Basic with
// the account's email and an app password.
export const OPDS_OPERATIONS = {
  catalog: {
    method: "get",
    path: "/opds/{path}",
    tag: "links",
    summary: "The OPDS catalog: navigation, acquisition feeds, OpenSearch and books",
    access: "public",
    wrapped: false,
    params: z.object({
      path: z.string().meta({
        description:
          "Empty (the root), unread, favorites, categories[/name], digests[/id], search, search.xml or books/…",
      }),
    }),
    answers: {
      200: {
        description: "An OPDS feed, an OpenSearch description or an EPUB.",
        content: { "application/atom+xml;profile=opds-catalog": z.string(), "application/epub+zip": z.string() },
        headers: z.object({
          ETag: z
            .string()
            .optional()
            .meta({ description: "A feed's weak entity tag (not on search, OpenSearch or books)." }),
          "Last-Modified": z.string().optional().meta({ description: "When anything the feed shows last changed." }),
        }),
      },
      304: { description: "A feed the reader has is current (`If-None-Match` or `If-Modified-Since`): no body." },
    },
    errors: { 400: ["validation_failed"], 401: ["unauthenticated"], 404: ["not_found"], 429: ["rate_limited"] },
  },
} satisfies Record<string, Operation>;
