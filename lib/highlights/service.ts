import "server-only";
import { isRecordId } from "@/lib/db/input";
import { lockUsers } from "@/lib/db/lock-users";
import { inTransaction } from "@/lib/db/transaction";
import type { Highlight, User } from "@/lib/generated/prisma/client";
import {
  MAX_HIGHLIGHTS_PER_LINK,
  MAX_HIGHLIGHTS_PER_USER,
  TOO_MANY_FOR_USER_MESSAGE,
  TOO_MANY_ON_LINK_MESSAGE,
} from "@/lib/highlights/rules";
import {
  deleteHighlightByKey,
  highlightByKey,
  highlightCountOfUser,
  highlightCountOnLink,
  highlightsOf,
  insertHighlight,
  isOwnLink,
  updateHighlightFields,
} from "@/lib/highlights/queries";
import { conflict, notFound } from "@/lib/http/errors";
import type { HighlightCreate, HighlightUpdate } from "@/lib/highlights/schemas";

// A link's highlights (docs/product.md, "Highlights"; decision 0336): only the link's owner sees or
// changes them; anyone else's link or highlight is not found.

const LINK_NOT_FOUND = "Link not found";
const HIGHLIGHT_NOT_FOUND = "Highlight not found";

async function requireOwnLink(user: User, linkId: string): Promise<void> {
  if (!isRecordId(linkId)) throw notFound(LINK_NOT_FOUND);
  if (!(await isOwnLink(linkId, user.id))) throw notFound(LINK_NOT_FOUND);
}

/** The link's highlights in the order they were made (a link holds at most MAX_HIGHLIGHTS_PER_LINK). */
export async function listHighlights(user: User, linkId: string): Promise<Highlight[]> {
  await requireOwnLink(user, linkId);
  return highlightsOf(linkId, user.id);
}

/**
 * Adds a highlight to one of the user's links. The counts and the insert run with the user's row
 * locked (as API tokens do), so simultaneous requests cannot pass either cap.
 */
export async function createHighlight(user: User, linkId: string, input: HighlightCreate): Promise<Highlight> {
  if (!isRecordId(linkId)) throw notFound(LINK_NOT_FOUND);
  return inTransaction(async (tx) => {
    await lockUsers(tx, [user.id], "noKeyUpdate");
    if (!(await isOwnLink(linkId, user.id, tx))) throw notFound(LINK_NOT_FOUND);
    if ((await highlightCountOnLink(linkId, tx)) >= MAX_HIGHLIGHTS_PER_LINK) throw conflict(TOO_MANY_ON_LINK_MESSAGE);
    if ((await highlightCountOfUser(user.id, tx)) >= MAX_HIGHLIGHTS_PER_USER) throw conflict(TOO_MANY_FOR_USER_MESSAGE);
    return insertHighlight(
      {
        userId: user.id,
        linkId,
        quote: input.quote,
        prefix: input.prefix ?? "",
        suffix: input.suffix ?? "",
        start: input.start ?? null,
        end: input.end ?? null,
        note: input.note ?? null,
        color: input.color ?? "yellow",
      },
      tx,
    );
  });
}

/** Changes a highlight's note or colour; the passage itself stays (a new one is another highlight). */
export async function updateHighlight(
  user: User,
  linkId: string,
  id: string,
  input: HighlightUpdate,
): Promise<Highlight> {
  if (!isRecordId(linkId) || !isRecordId(id)) throw notFound(HIGHLIGHT_NOT_FOUND);
  const where = { id, linkId, userId: user.id };
  const data = { ...(input.note !== undefined && { note: input.note }), ...(input.color && { color: input.color }) };
  if (!(await updateHighlightFields(where, data))) throw notFound(HIGHLIGHT_NOT_FOUND);
  const updated = await highlightByKey(where);
  // Deleted between the two statements: gone, as a DELETE would say.
  if (!updated) throw notFound(HIGHLIGHT_NOT_FOUND);
  return updated;
}

export async function deleteHighlight(user: User, linkId: string, id: string): Promise<void> {
  if (!isRecordId(linkId) || !isRecordId(id)) throw notFound(HIGHLIGHT_NOT_FOUND);
  if (!(await deleteHighlightByKey({ id, linkId, userId: user.id }))) throw notFound(HIGHLIGHT_NOT_FOUND);
}
