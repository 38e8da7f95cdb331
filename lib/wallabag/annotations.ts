import "server-only";
import type { User } from "@/lib/generated/prisma/client";
import { highlightCreateSchema, highlightUpdateSchema, QUOTE_MESSAGE } from "@/lib/highlights/schemas";
import { createHighlight, deleteHighlight, updateHighlight } from "@/lib/highlights/service";
import { badRequest, notFound } from "@/lib/http/errors";
import { articleText, type ArticleText, selectorsOfAnnotation, toAnnotation } from "@/lib/wallabag/annotation";
import type { EntryAnnotation } from "@/lib/wallabag/entry";
import { entryBySerial, highlightBySerial, highlightsOfLinks } from "@/lib/wallabag/queries";
import type { NewAnnotation } from "@/lib/wallabag/schemas";

// wallabag's annotations over the user's highlights (decision 0412): an annotation is a highlight,
// its id the highlight's number, its text the note, its quote the passage, its ranges converted
// from and to the highlight's place in the stored article (lib/wallabag/annotation.ts). The
// highlights' own service does the writing, with their bounds.

const ENTRY_NOT_FOUND = "Entry not found";
const ANNOTATION_NOT_FOUND = "Annotation not found";

/** The name wallabag shows as an annotation's `user`. */
export function annotatorName(user: Pick<User, "name" | "email">): string {
  return user.name ?? user.email;
}

/** The article's text, when the link has an article. */
export function articleTextOf(contentHtml: string | null | undefined): ArticleText | null {
  return contentHtml ? articleText(contentHtml) : null;
}

/** The first refusal of a schema as a 400. */
function parsed<Output>(
  result: { success: true; data: Output } | { success: false; error: { issues: { message: string }[] } },
) {
  if (result.success) return result.data;
  throw badRequest(result.error.issues[0]?.message ?? "Invalid annotation");
}

/** GET /api/annotations/{entry}: the entry's annotations, oldest first. */
export async function listAnnotations(user: User, entrySerial: number) {
  const row = await entryBySerial(user.id, entrySerial);
  if (!row) throw notFound(ENTRY_NOT_FOUND);
  const highlights = await highlightsOfLinks(user.id, [row.id]);
  const article = highlights.length > 0 ? articleTextOf(row.article?.contentHtml) : null;
  const rows = highlights.map((highlight) => toAnnotation(highlight, annotatorName(user), article));
  return { total: rows.length, rows };
}

/** POST /api/annotations/{entry}: a highlight of the passage, with the text as its note. */
export async function createAnnotation(
  user: User,
  entrySerial: number,
  input: NewAnnotation,
): Promise<EntryAnnotation> {
  const row = await entryBySerial(user.id, entrySerial);
  if (!row) throw notFound(ENTRY_NOT_FOUND);
  const article = articleTextOf(row.article?.contentHtml);
  const selectors = selectorsOfAnnotation(article, input);
  if (!selectors) throw badRequest(QUOTE_MESSAGE);
  const highlight = await createHighlight(
    user,
    row.id,
    parsed(
      highlightCreateSchema.safeParse({
        quote: selectors.quote,
        prefix: selectors.prefix,
        suffix: selectors.suffix,
        ...(selectors.start !== null && selectors.end !== null ? { start: selectors.start, end: selectors.end } : {}),
        note: input.text,
      }),
    ),
  );
  return toAnnotation(highlight, annotatorName(user), article);
}

async function ownAnnotation(user: User, serial: number) {
  const highlight = await highlightBySerial(user.id, serial);
  if (!highlight) throw notFound(ANNOTATION_NOT_FOUND);
  return highlight;
}

/** PUT /api/annotations/{id}: a new text (the note); the passage stays. */
export async function changeAnnotation(user: User, serial: number, text: string): Promise<EntryAnnotation> {
  const highlight = await ownAnnotation(user, serial);
  const change = parsed(highlightUpdateSchema.safeParse({ note: text }));
  const updated = await updateHighlight(user, highlight.linkId, highlight.id, change);
  return toAnnotation(updated, annotatorName(user), articleTextOf(highlight.link.article?.contentHtml));
}

/** DELETE /api/annotations/{id}: the annotation as it was. */
export async function deleteAnnotation(user: User, serial: number): Promise<EntryAnnotation> {
  const highlight = await ownAnnotation(user, serial);
  const answer = toAnnotation(highlight, annotatorName(user), articleTextOf(highlight.link.article?.contentHtml));
  await deleteHighlight(user, highlight.linkId, highlight.id);
  return answer;
}
