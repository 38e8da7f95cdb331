import "@/lib/zod/setup";
import { z } from "zod";
import { EXPORT_FORMATS } from "@/lib/export/formats";

// GET /api/export: a file of every link (json, csv, html, markdown), an EPUB book of some, or the
// feed subscriptions as OPML. The book's own fields are read by the EPUB's schema
// (epubExportQuerySchema) and only for a book.
export const exportQuery = z.object({
  format: z.enum([...EXPORT_FORMATS, "epub", "opml"]).meta({
    description:
      "LinkStash JSON, CSV, bookmarks HTML, highlights Markdown, an EPUB book, or the feeds followed as OPML.",
  }),
  link: z.string().optional().meta({ description: "epub only: the one link the book holds." }),
  category: z.string().optional().meta({ description: "epub only: links in this category (any case)." }),
  q: z.string().optional().meta({ description: "epub only: links matching these words, as History searches." }),
  unread: z.enum(["1", "true", "0", "false"]).optional().meta({ description: "epub only: unread links only." }),
});

export const exportJsonAnswer = z
  .looseObject({ links: z.array(z.looseObject({ url: z.string() })) })
  .meta({ description: "A LinkStash JSON export: every link with its title, notes, categories and dates." });
