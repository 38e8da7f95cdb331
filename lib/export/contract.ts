import "server-only";
import { z } from "zod";
import { exportJsonAnswer, exportQuery } from "@/lib/export/schemas";
import { defineEndpoint } from "@/lib/http/contract";

// Downloading the links: a file of all of them, or a book of some.

export const exportEndpoint = defineEndpoint({
  method: "get",
  path: "/api/export",
  tag: "import and export",
  summary: "Download every link, a book of some, or the feeds followed",
  description:
    "As an attachment named by today's date; json, csv and html hold every link and import back into the same links. epub is an EPUB 3 book of the articles (at most 500 links, newest first, with their images): one link (`link`), or the links History's filters select (`category`, `q`, `unread`; none: every link). At most 30 books an hour. opml is the feeds the caller subscribes to, as OPML 2.0 with each category a folder (named linkstash-feeds-<date>.opml), which feed readers and LinkStash's import read.",
  access: "session",
  // The book's fields count only for a book: the handler reads the format first, then them.
  ownQuery: exportQuery,
  success: {
    status: 200,
    description: "The file.",
    content: {
      "application/json": exportJsonAnswer,
      "text/csv": z.string().meta({ description: "LinkStash CSV, one link a row." }),
      "text/html": z.string().meta({ description: "A Netscape bookmark file, as browsers export." }),
      "application/epub+zip": z.string().meta({ description: "An EPUB 3 book.", format: "binary" }),
      "text/x-opml": z.string().meta({ description: "OPML 2.0: the feeds followed, each category a folder." }),
    },
  },
  errors: { 400: ["validation_failed"], 404: ["not_found"], 429: ["rate_limited"] },
});
