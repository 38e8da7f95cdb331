import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DELETE as deleteCategoryRoute } from "@/app/api/categories/[id]/route";
import { GET as listCategoriesRoute, POST as createCategoryRoute } from "@/app/api/categories/route";
import { DELETE as deleteLinkRoute } from "@/app/api/links/[id]/route";
import { GET as historyRoute } from "@/app/api/links/history/route";
import { POST as saveLinkRoute } from "@/app/api/links/route";
import { GET as todayRoute } from "@/app/api/links/today/route";
import { DELETE as revokeRoute } from "@/app/api/tokens/[id]/route";
import { GET as listTokensRoute, POST as createTokenRoute } from "@/app/api/tokens/route";
import { POST as connectExtensionRoute } from "@/app/api/extension/connect/route";
import { POST as billingPortalRoute } from "@/app/api/billing/portal/route";
import { GET as lookupRoute } from "@/app/api/links/lookup/route";
import { GET as subscriptionRoute } from "@/app/api/subscription/route";
import { PUT as settingsRoute } from "@/app/api/user/settings/route";
import { MAX_ACTIVE_TOKENS } from "@/lib/auth/api-tokens";
import {
  EXTENSION_TOKEN_SCOPES,
  INSUFFICIENT_SCOPE_MESSAGE,
  SESSION_ONLY_MESSAGE,
  TOKEN_SCOPES,
} from "@/lib/auth/token-scopes";
import { getDb } from "@/lib/db/client";
import { flushAfterTasks } from "@/tests/support/after-tasks";
import { apiRequest, routeParams, signedInUser } from "@/tests/support/factories";

type TokenJson = { id: string; name: string; prefix: string; createdAt: string; lastUsedAt: string | null };

async function createToken(cookie: string, name = "Script"): Promise<{ token: TokenJson; secret: string }> {
  const res = await createTokenRoute(apiRequest("POST", "/api/tokens", { cookie, json: { name } }));
  expect(res.status).toBe(201);
  return res.json();
}

/** A script's request: the token, no cookie, no Origin. */
function bearer(method: string, path: string, secret: string, json?: unknown): Request {
  return apiRequest(method, path, { origin: null, json, headers: { authorization: `Bearer ${secret}` } });
}

async function userWithToken() {
  const { user, cookie } = await signedInUser();
  const { token, secret } = await createToken(cookie);
  return { user, cookie, token, secret };
}

describe("POST /api/tokens and GET /api/tokens", () => {
  it("shows the secret only when creating; stores its SHA-256 and a short prefix", async () => {
    const { user, cookie } = await signedInUser();
    const { token, secret } = await createToken(cookie, "  Browser extension  ");
    expect(secret).toMatch(/^lsk_[A-Za-z0-9_-]{43}$/);
    expect(token).toEqual({
      id: expect.any(String),
      name: "Browser extension",
      prefix: secret.slice(0, 10),
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    const stored = await getDb().apiToken.findFirstOrThrow({ where: { userId: user.id } });
    expect(stored.tokenHash).toBe(createHash("sha256").update(secret).digest("hex"));
    expect(JSON.stringify(stored)).not.toContain(secret);

    const list = await listTokensRoute(apiRequest("GET", "/api/tokens", { cookie }));
    expect(list.status).toBe(200);
    const text = await list.text();
    expect(JSON.parse(text)).toEqual([token]);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(stored.tokenHash);
  });

  it.each([
    [{ name: "" }, "Please give the token a name"],
    [{ name: "   " }, "Please give the token a name"],
    [{}, "Please give the token a name"],
    [{ name: "n".repeat(51) }, "Token names can be at most 50 characters"],
  ])("refuses %j with 400", async (json, message) => {
    const { user, cookie } = await signedInUser();
    const res = await createTokenRoute(apiRequest("POST", "/api/tokens", { cookie, json }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: "validation_failed", message });
    expect(await getDb().apiToken.count({ where: { userId: user.id } })).toBe(0);
  });

  it(`caps a user at ${MAX_ACTIVE_TOKENS} working tokens; revoking one makes room`, async () => {
    const { user, cookie } = await signedInUser();
    await getDb().apiToken.createMany({
      data: Array.from({ length: MAX_ACTIVE_TOKENS }, (_, i) => ({
        userId: user.id,
        name: `t${i}`,
        tokenHash: `hash-${user.id}-${i}`,
        prefix: "lsk_x",
      })),
    });
    const refused = await createTokenRoute(apiRequest("POST", "/api/tokens", { cookie, json: { name: "one more" } }));
    expect(refused.status).toBe(409);
    const first = await getDb().apiToken.findFirstOrThrow({ where: { userId: user.id } });
    expect(
      (await revokeRoute(apiRequest("DELETE", `/api/tokens/${first.id}`, { cookie }), routeParams({ id: first.id })))
        .status,
    ).toBe(200);
    await createToken(cookie, "one more");
  });

  it("answers 401 signed out, and a token cannot manage tokens (403 insufficient_scope)", async () => {
    const { secret, token } = await userWithToken();
    expect((await listTokensRoute(apiRequest("GET", "/api/tokens"))).status).toBe(401);
    expect((await createTokenRoute(apiRequest("POST", "/api/tokens", { json: { name: "x" } }))).status).toBe(401);
    const listed = await listTokensRoute(bearer("GET", "/api/tokens", secret));
    expect(listed.status).toBe(403);
    expect(await listed.json()).toEqual({ code: "insufficient_scope", message: SESSION_ONLY_MESSAGE });
    const minted = await createTokenRoute(
      apiRequest("POST", "/api/tokens", { json: { name: "x" }, headers: { authorization: `Bearer ${secret}` } }),
    );
    expect(minted.status).toBe(403);
    const revoked = await revokeRoute(
      apiRequest("DELETE", `/api/tokens/${token.id}`, { headers: { authorization: `Bearer ${secret}` } }),
      routeParams({ id: token.id }),
    );
    expect(revoked.status).toBe(403);
    expect((await getDb().apiToken.findUniqueOrThrow({ where: { id: token.id } })).revokedAt).toBeNull();
  });
});

describe("DELETE /api/tokens/[id]", () => {
  it("revokes the owner's token, which then gets 401 and leaves the list", async () => {
    const { cookie, token, secret } = await userWithToken();
    expect((await todayRoute(bearer("GET", "/api/links/today", secret))).status).toBe(200);
    const res = await revokeRoute(
      apiRequest("DELETE", `/api/tokens/${token.id}`, { cookie }),
      routeParams({ id: token.id }),
    );
    expect(res.status).toBe(200);
    expect((await getDb().apiToken.findUniqueOrThrow({ where: { id: token.id } })).revokedAt).toBeInstanceOf(Date);
    const after = await todayRoute(bearer("GET", "/api/links/today", secret));
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ code: "invalid_token", message: "Invalid or revoked API token." });
    expect(await (await listTokensRoute(apiRequest("GET", "/api/tokens", { cookie }))).json()).toEqual([]);
    // Revoking twice: it is gone.
    expect(
      (await revokeRoute(apiRequest("DELETE", `/api/tokens/${token.id}`, { cookie }), routeParams({ id: token.id })))
        .status,
    ).toBe(404);
  });

  it("answers 404 for another user's token and leaves it working", async () => {
    const owner = await userWithToken();
    const stranger = await signedInUser();
    const res = await revokeRoute(
      apiRequest("DELETE", `/api/tokens/${owner.token.id}`, { cookie: stranger.cookie }),
      routeParams({ id: owner.token.id }),
    );
    expect(res.status).toBe(404);
    expect((await todayRoute(bearer("GET", "/api/links/today", owner.secret))).status).toBe(200);
    for (const id of ["no-such-token", "bad id!"]) {
      expect(
        (await revokeRoute(apiRequest("DELETE", `/api/tokens/x`, { cookie: owner.cookie }), routeParams({ id })))
          .status,
      ).toBe(404);
    }
  });
});

describe("Bearer tokens on the links and categories endpoints", () => {
  it("save, list and delete links without a cookie or an Origin", async () => {
    const { user, secret } = await userWithToken();
    const saved = await saveLinkRoute(
      bearer("POST", "/api/links", secret, {
        url: "example.test/from-script",
        title: "From a script",
        notes: "via curl",
      }),
    );
    expect(saved.status).toBe(201);
    const { link } = await saved.json();
    expect(link).toMatchObject({ url: "https://example.test/from-script", title: "From a script", notes: "via curl" });
    await flushAfterTasks();
    expect(await getDb().link.count({ where: { userId: user.id } })).toBe(1);

    const today = await todayRoute(bearer("GET", "/api/links/today", secret));
    expect((await today.json()).map((l: { id: string }) => l.id)).toEqual([link.id]);
    const history = await historyRoute(bearer("GET", "/api/links/history", secret));
    expect((await history.json()).map((l: { id: string }) => l.id)).toEqual([link.id]);
    const removed = await deleteLinkRoute(
      bearer("DELETE", `/api/links/${link.id}`, secret),
      routeParams({ id: link.id }),
    );
    expect(removed.status).toBe(200);
    expect(await getDb().link.count({ where: { userId: user.id } })).toBe(0);
  });

  it("create, list and delete categories", async () => {
    const { user, secret } = await userWithToken();
    const created = await createCategoryRoute(bearer("POST", "/api/categories", secret, { name: "Scripted" }));
    expect(created.status).toBe(201);
    const category = await created.json();
    expect(await (await listCategoriesRoute(bearer("GET", "/api/categories", secret))).json()).toEqual([category]);
    expect(
      (
        await deleteCategoryRoute(
          bearer("DELETE", `/api/categories/${category.id}`, secret),
          routeParams({ id: category.id }),
        )
      ).status,
    ).toBe(200);
    expect(await getDb().category.count({ where: { userId: user.id } })).toBe(0);
  });

  it("cannot reach another user's link (404)", async () => {
    const owner = await signedInUser();
    const link = await getDb().link.create({ data: { userId: owner.user.id, url: "https://example.test/owner" } });
    const { secret } = await userWithToken();
    expect(
      (await deleteLinkRoute(bearer("DELETE", `/api/links/${link.id}`, secret), routeParams({ id: link.id }))).status,
    ).toBe(404);
    expect(await getDb().link.count({ where: { id: link.id } })).toBe(1);
  });

  it("answers 401 for an unknown, malformed or revoked token, even beside a valid session cookie", async () => {
    const { user, cookie, token, secret } = await userWithToken();
    await getDb().apiToken.update({ where: { id: token.id }, data: { revokedAt: new Date() } });
    const unknown = `lsk_${"A".repeat(43)}`;
    for (const candidate of [secret, unknown, "lsk_short", "", "not-a-token"]) {
      const headers = { authorization: `Bearer ${candidate}` };
      const res = await saveLinkRoute(
        apiRequest("POST", "/api/links", { cookie, json: { url: "example.test" }, headers }),
      );
      expect(res.status, candidate).toBe(401);
      expect(
        (await listCategoriesRoute(apiRequest("GET", "/api/categories", { cookie, headers }))).status,
        candidate,
      ).toBe(401);
    }
    expect(await getDb().link.count({ where: { userId: user.id } })).toBe(0);
  });

  it("does not open other routes: a token alone there is refused (403 insufficient_scope)", async () => {
    const { user, secret } = await userWithToken();
    expect((await subscriptionRoute(bearer("GET", "/api/subscription", secret))).status).toBe(403);
    const settings = await settingsRoute(
      apiRequest("PUT", "/api/user/settings", {
        json: { emailFrequency: "none" },
        headers: { authorization: `Bearer ${secret}` },
      }),
    );
    expect(settings.status).toBe(403);
    expect((await getDb().user.findUniqueOrThrow({ where: { id: user.id } })).emailFrequency).toBe(user.emailFrequency);
  });

  it("a personal token made in Settings has every scope", async () => {
    const { token } = await userWithToken();
    expect((await getDb().apiToken.findUniqueOrThrow({ where: { id: token.id } })).scopes).toEqual([...TOKEN_SCOPES]);
  });

  it("keeps the same-origin rule for the session cookie on token routes", async () => {
    const { user, cookie } = await userWithToken();
    const res = await saveLinkRoute(
      apiRequest("POST", "/api/links", { cookie, origin: "https://evil.example", json: { url: "example.test" } }),
    );
    expect(res.status).toBe(403);
    expect(await getDb().link.count({ where: { userId: user.id } })).toBe(0);
  });

  it("records when a token was last used, at most once a minute", async () => {
    const { token, secret } = await userWithToken();
    await todayRoute(bearer("GET", "/api/links/today", secret));
    const first = (await getDb().apiToken.findUniqueOrThrow({ where: { id: token.id } })).lastUsedAt;
    expect(first).toBeInstanceOf(Date);
    await todayRoute(bearer("GET", "/api/links/today", secret));
    expect((await getDb().apiToken.findUniqueOrThrow({ where: { id: token.id } })).lastUsedAt).toEqual(first);
    await getDb().apiToken.update({ where: { id: token.id }, data: { lastUsedAt: new Date(Date.now() - 120_000) } });
    await todayRoute(bearer("GET", "/api/links/today", secret));
    const later = (await getDb().apiToken.findUniqueOrThrow({ where: { id: token.id } })).lastUsedAt;
    expect(later?.getTime()).toBeGreaterThan(Date.now() - 10_000);
  });
});

describe("the browser extension's token", () => {
  async function connectedExtension() {
    const { user, cookie } = await signedInUser();
    const res = await connectExtensionRoute(
      apiRequest("POST", "/api/extension/connect", {
        cookie,
        json: {
          redirectUrl: `chrome-extension://${"abcdefghijklmnop".repeat(2)}/connected.html`,
          state: "state-0123456789abcdef",
        },
      }),
    );
    expect(res.status).toBe(201);
    const { redirectUrl }: { redirectUrl: string } = await res.json();
    const secret = new URLSearchParams(new URL(redirectUrl).hash.slice(1)).get("token");
    if (!secret) throw new Error("no token in the extension's address");
    return { user, cookie, secret };
  }

  it("has only the scopes the extension uses", async () => {
    const { user } = await connectedExtension();
    const [token] = await getDb().apiToken.findMany({ where: { userId: user.id } });
    expect(token?.scopes).toEqual([...EXTENSION_TOKEN_SCOPES]);
  });

  it("does what the extension does: saves a page, looks it up, lists the categories", async () => {
    const { user, secret } = await connectedExtension();
    const saved = await saveLinkRoute(
      bearer("POST", "/api/links", secret, { url: "https://example.test/from-extension" }),
    );
    expect(saved.status).toBe(201);
    await flushAfterTasks();
    const lookup = await lookupRoute(
      bearer("GET", `/api/links/lookup?url=${encodeURIComponent("https://example.test/from-extension")}`, secret),
    );
    expect(lookup.status).toBe(200);
    expect(await lookup.json()).toMatchObject({ link: { url: "https://example.test/from-extension" } });
    expect((await listCategoriesRoute(bearer("GET", "/api/categories", secret))).status).toBe(200);
    expect(await getDb().link.count({ where: { userId: user.id } })).toBe(1);
  });

  it("gets 403 insufficient_scope everywhere else, and changes nothing", async () => {
    const { user, secret } = await connectedExtension();
    const link = await getDb().link.create({ data: { userId: user.id, url: "https://example.test/kept" } });
    const refused = [
      await historyRoute(bearer("GET", "/api/links/history", secret)),
      await todayRoute(bearer("GET", "/api/links/today", secret)),
      await deleteLinkRoute(bearer("DELETE", `/api/links/${link.id}`, secret), routeParams({ id: link.id })),
      await createCategoryRoute(bearer("POST", "/api/categories", secret, { name: "Nope" })),
    ];
    for (const res of refused) {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ code: "insufficient_scope", message: INSUFFICIENT_SCOPE_MESSAGE });
    }
    const sessionOnly = [
      await listTokensRoute(bearer("GET", "/api/tokens", secret)),
      await subscriptionRoute(bearer("GET", "/api/subscription", secret)),
      await settingsRoute(
        apiRequest("PUT", "/api/user/settings", {
          json: { emailFrequency: "none" },
          headers: { authorization: `Bearer ${secret}` },
        }),
      ),
      await billingPortalRoute(
        apiRequest("POST", "/api/billing/portal", { headers: { authorization: `Bearer ${secret}` } }),
      ),
    ];
    for (const res of sessionOnly) {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ code: "insufficient_scope", message: SESSION_ONLY_MESSAGE });
    }
    expect(await getDb().link.findUnique({ where: { id: link.id } })).not.toBeNull();
    expect(await getDb().category.count({ where: { userId: user.id } })).toBe(0);
    expect((await getDb().user.findUniqueOrThrow({ where: { id: user.id } })).emailFrequency).toBe(user.emailFrequency);
  });
});
