import "@/lib/zod/setup";
import { z } from "zod";

// An article as GET /api/links/{id}/article answers it: pending until its page has been fetched,
// then ready or unavailable. The reader's components take its types (lib/articles/response.ts).

export const articleAnswer = z
  .discriminatedUnion("status", [
    z.object({ status: z.literal("pending") }),
    z.object({
      status: z.literal("unavailable"),
      reason: z.string().nullable().meta({ description: "Why the page is no article; null for older rows." }),
    }),
    z.object({
      status: z.literal("ready"),
      title: z.string().nullable(),
      byline: z.string().nullable(),
      siteName: z.string().nullable(),
      excerpt: z.string().nullable(),
      lang: z.string().nullable(),
      dir: z.enum(["ltr", "rtl"]).nullable(),
      publishedTime: z.string().nullable(),
      contentHtml: z.string().meta({ description: "Sanitised HTML of the article." }),
      wordCount: z.number().int(),
      readingMinutes: z.number().int(),
      mimeType: z.string().nullable().meta({
        description:
          "What the article was read from: `application/pdf` for a PDF (the original is then worth opening), `text/html` for a page; null for older rows.",
      }),
    }),
  ])
  .meta({ id: "Article" });

/** A fetch asked for and queued. */
export const pendingArticleAnswer = z.object({ status: z.literal("pending") });
