import { describe, expect, it } from "vitest";
import { GET as history } from "@/app/api/links/history/route";
import { POST as saveLink } from "@/app/api/links/route";
import { GET as today } from "@/app/api/links/today/route";
import { GET as authUser } from "@/app/api/auth/user/route";
import { getDb } from "@/lib/db";
import { apiRequest, signedInUser } from "@/tests/support/factories";

// On PostgreSQL the hot statements (session lookup, link lists, rate limits, the save) are prepared
// once per pooled connection (lib/db.ts queryRows). A migration run by another instance may add a
// column while this one serves: statements that named `*` would then fail with "cached plan must
// not change result type" on every connection that had prepared them.
describe("prepared statements", () => {
  it("keep answering after a migration adds columns to the tables they read", async () => {
    const { cookie } = await signedInUser();
    const everyHotPath = async () => {
      const saved = await saveLink(apiRequest("POST", "/api/links", { cookie, json: { url: "https://example.com/page" } }));
      expect(saved.status).toBe(201);
      for (const [route, path] of [
        [today, "/api/links/today"],
        [history, "/api/links/history"],
        [authUser, "/api/auth/user"],
      ] as const) {
        expect((await route(apiRequest("GET", path, { cookie }))).status).toBe(200);
      }
    };
    // More rounds than the pool has connections, so that every connection prepares them.
    await Promise.all(Array.from({ length: 12 }, everyHotPath));
    const db = getDb();
    await db.$executeRawUnsafe(`ALTER TABLE "User" ADD COLUMN "addedLater" TEXT`);
    await db.$executeRawUnsafe(`ALTER TABLE "Link" ADD COLUMN "addedLater" TEXT`);
    await db.$executeRawUnsafe(`ALTER TABLE "Session" ADD COLUMN "addedLater" TEXT`);
    await Promise.all(Array.from({ length: 12 }, everyHotPath));
    const links = await (await today(apiRequest("GET", "/api/links/today", { cookie }))).json();
    expect(links).toHaveLength(24);
    expect(Object.keys(links[0]).sort()).toEqual(
      ["categories", "category", "createdAt", "description", "faviconUrl", "id", "notes", "readAt", "siteName", "title", "url"].sort(),
    );
  });
});
