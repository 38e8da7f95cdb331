import "server-only";
import type { User } from "@/lib/generated/prisma/client";
import { type Validator, weakEtag } from "@/lib/http/conditional-get";
import { feedState } from "@/lib/feeds/queries";
import { lastChangedAt } from "@/lib/links/last-change";

// The validator of a private feed or an OPDS feed (decision 0413): one aggregate query over what
// the user's feeds show, never the feed written out. Coarse on purpose: any change to the user's
// links, articles, digests or account makes every feed of theirs new, which costs a reader one
// full answer, while a finer validator per list would need each list's conditions twice.

/** Changed when the feeds are written differently with the same data, so readers fetch them again. */
const FEED_FORMAT = 1;

/** The validator of `resource` (the feed's path and page) for `user`, as of now. */
export async function feedValidator(
  user: Pick<User, "id" | "serial" | "createdAt" | "updatedAt">,
  resource: string,
  now = new Date(),
): Promise<Validator> {
  const state = await feedState(user.id);
  const linksChanged = lastChangedAt({
    createdAt: state.linkCreatedAt ?? user.createdAt,
    updatedAt: state.linkUpdatedAt,
  });
  const times = [linksChanged, state.articleAt, state.digestAt, user.updatedAt].flatMap((at) => (at ? [at] : []));
  const newest = Math.max(...times.map((at) => at.getTime()));
  return {
    etag: weakEtag([
      FEED_FORMAT,
      user.serial,
      resource,
      user.updatedAt.getTime(),
      state.links,
      linksChanged.getTime(),
      state.articles,
      state.articleAt?.getTime() ?? 0,
      state.digests,
      state.digestAt?.getTime() ?? 0,
    ]),
    // Never in the future (RFC 9110, 8.8.2.1), whatever the clocks that wrote the rows.
    lastModified: new Date(Math.min(newest, now.getTime())),
  };
}
