import "server-only";
import { type Db, getDb } from "@/lib/db/client";
import type { ExportedLink } from "@/lib/export/formats";

// The export's reads, through Prisma: nothing here needs SQL.

export type ExportRow = ExportedLink & { id: string };

/** One keyset page of the user's links after `after` (newest first), with their highlights. */
export function exportPage(
  userId: string,
  after: { createdAt: Date; id: string } | null,
  take: number,
  db: Db = getDb(),
): Promise<ExportRow[]> {
  return db.link.findMany({
    where: {
      userId,
      ...(after && {
        OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }],
      }),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    select: {
      id: true,
      url: true,
      title: true,
      notes: true,
      categories: true,
      createdAt: true,
      readAt: true,
      archivedAt: true,
      remindOn: true,
      favoritedAt: true,
      // At most MAX_HIGHLIGHTS_PER_LINK each, and MAX_HIGHLIGHTS_PER_USER in all: a page stays bounded.
      highlights: {
        select: {
          quote: true,
          prefix: true,
          suffix: true,
          start: true,
          end: true,
          note: true,
          color: true,
          createdAt: true,
        },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      },
    },
  });
}
