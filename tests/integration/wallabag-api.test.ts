import { writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { POST as tokenRoute } from "@/app/oauth/v2/token/route";
import { GET as listEntriesRoute, POST as createEntryRoute } from "@/app/api/entries/route";
import { GET as existsRoute } from "@/app/api/entries/exists/route";
import {
  DELETE as deleteEntryRoute,
  GET as getEntryRoute,
  PATCH as patchEntryRoute,
} from "@/app/api/entries/[id]/route";
import { GET as exportRoute } from "@/app/api/entries/[id]/[file]/route";
import { PATCH as reloadRoute } from "@/app/api/entries/[id]/reload/route";
import {
  DELETE as deleteAnnotationRoute,
  GET as annotationsRoute,
  POST as createAnnotationRoute,
  PUT as changeAnnotationRoute,
} from "@/app/api/annotations/[id]/route";
import { DELETE as deleteTagRoute } from "@/app/api/tags/[tag]/route";
import { DELETE as deleteTagsByLabelRoute } from "@/app/api/tags/label/route";
import { DELETE as deleteTagByLabelRoute } from "@/app/api/tag/label/route";
import { GET as highlightsRoute } from "@/app/api/links/[id]/highlights/route";
import { GET as entryTagsRoute, POST as addTagsRoute } from "@/app/api/entries/[id]/tags/route";
import { DELETE as removeTagRoute } from "@/app/api/entries/[id]/tags/[tag]/route";
import { GET as tagsRoute } from "@/app/api/tags/route";
import { GET as versionRoute } from "@/app/api/version/route";
import { GET as infoRoute } from "@/app/api/info/route";
import { GET as appUserRoute } from "@/app/api/user/route";
import { POST as createAppPasswordRoute } from "@/app/api/user/app-passwords/route";
import { DELETE as revokeAppPasswordRoute } from "@/app/api/user/app-passwords/[id]/route";
import { storeArticle } from "@/lib/articles/queries";
import { getDb } from "@/lib/db/client";
import type { Link } from "@/lib/generated/prisma/client";
import { hashedUrl, type EntryAnnotation } from "@/lib/wallabag/entry";
import { flushAfterTasks } from "@/tests/support/after-tasks";
import { epubcheck } from "@/tests/support/epubcheck";
import { apiRequest, ORIGIN, routeParams, signedInUser } from "@/tests/support/factories";

// wallabag's API v2 as its apps call it, each request restated from the app's own source (KOReader's
// wallabag plugin, the wallabag Android app's API library, wallabagger): the same methods, paths,
// bodies and headers, and the fields each app reads, with the types it parses them as.

const scratch = mkdtempSync(path.join(tmpdir(), "linkstash-wallabag-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Connection = { serverUrl: string; clientId: string; clientSecret: string; username: string; password: string };

async function appPassword(name = "KOReader") {
  const { user, cookie } = await signedInUser({ name: "Reader" });
  const res = await createAppPasswordRoute(apiRequest("POST", "/api/user/app-passwords", { cookie, json: { name } }));
  expect(res.status).toBe(201);
  const created: Connection & { appPassword: { id: string } } = await res.json();
  return { user, cookie, connection: created, appPasswordId: created.appPassword.id };
}

/** A request as an app sends it: no cookie, no Origin. */
function appRequest(
  method: string,
  pathAndQuery: string,
  init: { token?: string; json?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let body: string | undefined;
  if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    headers["content-type"] = "application/json";
  }
  if (init.form) {
    body = new URLSearchParams(init.form).toString();
    headers["content-type"] = "application/x-www-form-urlencoded";
  }
  return apiRequest(method, pathAndQuery, { origin: null, body, headers });
}

async function passwordGrant(connection: Connection, encoding: "json" | "form" = "json") {
  const fields = {
    grant_type: "password",
    client_id: connection.clientId,
    client_secret: connection.clientSecret,
    username: connection.username,
    password: connection.password,
  };
  return tokenRoute(
    appRequest(
      "POST",
      "/oauth/v2/token",
      encoding === "json" ? { json: fields, headers: { accept: "application/json, */*" } } : { form: fields },
    ),
  );
}

async function accessToken(connection: Connection): Promise<string> {
  const res = await passwordGrant(connection);
  expect(res.status).toBe(200);
  return (await res.json()).access_token;
}

/** What KOReader demands of every answer but a download: 200 and a body that starts with "{". */
async function koreaderJson(res: Response) {
  const text = await res.text();
  expect(res.status, text.slice(0, 200)).toBe(200);
  expect(text.startsWith("{"), text.slice(0, 50)).toBe(true);
  return JSON.parse(text);
}

const WALLABAG_DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000$/;

describe("app passwords and the OAuth token endpoint", () => {
  it("gives what an app asks for and a password shown once; the password grant answers wallabag's token", async () => {
    const { user, connection } = await appPassword();
    expect(connection).toMatchObject({
      serverUrl: ORIGIN,
      clientId: "linkstash",
      clientSecret: "linkstash",
      username: user.email,
    });
    expect(connection.password).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
    const stored = await getDb().apiToken.findFirstOrThrow({ where: { userId: user.id, kind: "app_password" } });
    expect(JSON.stringify(stored)).not.toContain(connection.password.replaceAll("-", ""));

    // KOReader: JSON, and reads access_token and expires_in.
    const res = await passwordGrant(connection);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const token = await res.json();
    expect(token).toEqual({
      access_token: expect.stringMatching(/^lsa_/),
      expires_in: 3600,
      refresh_token: expect.stringMatching(/^lsr_/),
      scope: null,
      token_type: "bearer",
    });
    // The Android app: form fields; the username in another case and the password typed loosely.
    const typed = {
      ...connection,
      username: user.email.toUpperCase(),
      password: connection.password.toUpperCase().replaceAll("-", " "),
    };
    expect((await passwordGrant(typed, "form")).status).toBe(200);
  });

  it("refuses a wrong password, a wrong client and an unknown grant with OAuth's errors", async () => {
    const { connection } = await appPassword();
    const wrong = await passwordGrant({ ...connection, password: "zzzz-zzzz-zzzz-zzzz" });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: "invalid_grant", error_description: expect.any(String) });
    const stranger = await appPassword();
    const otherUser = await passwordGrant({ ...connection, password: stranger.connection.password });
    expect(otherUser.status).toBe(400);
    expect((await otherUser.json()).error).toBe("invalid_grant");
    const client = await passwordGrant({ ...connection, clientSecret: "nope" });
    expect((await client.json()).error).toBe("invalid_client");
    const grant = await tokenRoute(
      appRequest("POST", "/oauth/v2/token", {
        json: { grant_type: "client_credentials", client_id: "linkstash", client_secret: "linkstash" },
      }),
    );
    expect(grant.status).toBe(400);
    expect((await grant.json()).error).toBe("unsupported_grant_type");
    const missing = await tokenRoute(
      appRequest("POST", "/oauth/v2/token", {
        json: { grant_type: "password", client_id: "linkstash", client_secret: "linkstash" },
      }),
    );
    expect((await missing.json()).error).toBe("invalid_request");
  });

  it("rotates refresh tokens (the Android app refreshes first), and revoking the app password ends both tokens", async () => {
    const { cookie, connection, appPasswordId } = await appPassword("Phone");
    const first = await (await passwordGrant(connection)).json();
    const refresh = (refreshToken: string) =>
      tokenRoute(
        appRequest("POST", "/oauth/v2/token", {
          form: {
            client_id: "linkstash",
            client_secret: "linkstash",
            grant_type: "refresh_token",
            refresh_token: refreshToken,
          },
        }),
      );
    const renewed = await refresh(first.refresh_token);
    expect(renewed.status).toBe(200);
    const second = await renewed.json();
    expect(second.access_token).not.toBe(first.access_token);
    // A refresh token works once; the old access token went with it.
    const again = await refresh(first.refresh_token);
    expect(again.status).toBe(400);
    expect((await again.json()).error).toBe("invalid_grant");
    expect((await listEntriesRoute(appRequest("GET", "/api/entries", { token: first.access_token }))).status).toBe(401);
    expect((await listEntriesRoute(appRequest("GET", "/api/entries", { token: second.access_token }))).status).toBe(
      200,
    );

    const revoked = await revokeAppPasswordRoute(
      apiRequest("DELETE", `/api/user/app-passwords/${appPasswordId}`, { cookie }),
      routeParams({ id: appPasswordId }),
    );
    expect(revoked.status).toBe(200);
    expect((await listEntriesRoute(appRequest("GET", "/api/entries", { token: second.access_token }))).status).toBe(
      401,
    );
    expect((await refresh(second.refresh_token)).status).toBe(400);
    expect((await passwordGrant(connection)).status).toBe(400);
  });

  it("answers 401 without a token and takes no session on the apps' routes", async () => {
    const { cookie } = await appPassword();
    expect((await listEntriesRoute(appRequest("GET", "/api/entries"))).status).toBe(401);
    expect((await listEntriesRoute(apiRequest("GET", "/api/entries", { cookie }))).status).toBe(401);
    expect((await listEntriesRoute(appRequest("GET", "/api/entries", { token: "lsa_nonsense" }))).status).toBe(401);
  });
});

describe("KOReader's wallabag plugin", () => {
  it("signs in, uploads its queue, archives and deletes what was read, lists unread pages by tag and downloads each as an EPUB", async () => {
    const { user, connection } = await appPassword();
    const token = await accessToken(connection);
    const jsonHeaders = { accept: "application/json, */*" };

    // 2. uploadQueue: POST /api/entries.json {url, tags: auto_tags}, once per queued address.
    const queued = ["https://one.example/a", "https://two.example/b", "https://three.example/c"];
    const uploaded = [];
    for (const url of queued) {
      uploaded.push(
        await koreaderJson(
          await createEntryRoute(
            appRequest("POST", "/api/entries.json", { token, json: { url, tags: "ereader" }, headers: jsonHeaders }),
          ),
        ),
      );
    }
    await flushAfterTasks();
    for (const entry of uploaded) {
      expect(Number.isInteger(entry.id)).toBe(true);
      expect(entry.tags).toEqual([{ id: expect.any(Number), label: "ereader", slug: "t:ereader" }]);
    }
    // An older unread link without the tag, and one the user read.
    const untagged = await koreaderJson(
      await createEntryRoute(
        appRequest("POST", "/api/entries.json", { token, json: { url: "https://four.example/d", tags: "" } }),
      ),
    );
    const [first, second, third] = uploaded;
    const links = await getDb().link.findMany({ where: { userId: user.id }, orderBy: { serial: "asc" } });
    await storeArticle(links[0]!, {
      status: "ready",
      title: "One",
      byline: null,
      siteName: null,
      excerpt: null,
      lang: "en",
      dir: null,
      publishedTime: null,
      contentHtml: "<p>The first article, with enough words to read.</p>",
      textContent: "The first article, with enough words to read.",
      wordCount: 8,
      readingMinutes: 1,
      reason: null,
      extractedAt: new Date(),
    });

    // 3. uploadStatuses: PATCH {archive: 1} for a finished article, DELETE for one deleted instead.
    const archived = await koreaderJson(
      await patchEntryRoute(
        appRequest("PATCH", `/api/entries/${second.id}.json`, { token, json: { archive: 1 }, headers: jsonHeaders }),
        routeParams({ id: String(second.id) }),
      ),
    );
    expect(archived.is_archived).toBe(1);
    const deleted = await koreaderJson(
      await deleteEntryRoute(
        appRequest("DELETE", `/api/entries/${third.id}.json`, { token }),
        routeParams({ id: String(third.id) }),
      ),
    );
    expect(deleted.id).toBe(third.id);
    // Review as tags: POST /api/entries/{id}/tags.json.
    await koreaderJson(
      await addTagsRoute(
        appRequest("POST", `/api/entries/${first.id}/tags.json`, { token, json: { tags: "liked" } }),
        routeParams({ id: String(first.id) }),
      ),
    );

    // 4. getArticleList: GET /api/entries.json?archive=0&page=1&perPage=30&tags=ereader.
    const list = await koreaderJson(
      await listEntriesRoute(
        appRequest("GET", "/api/entries.json?archive=0&page=1&perPage=30&tags=ereader", { token }),
      ),
    );
    expect(list).toMatchObject({ page: 1, limit: 30, pages: 1, total: 1 });
    const items: {
      id: number;
      title: string;
      url: string;
      mimetype: string | null;
      tags: { label: string }[];
      updated_at: string;
    }[] = list._embedded.items;
    expect(items.map((item) => item.id)).toEqual([first.id]);
    const [item] = items;
    if (!item) throw new Error("no entry listed");
    expect(item).toMatchObject({ title: "https://one.example/a", url: "https://one.example/a", mimetype: "text/html" });
    expect(item.tags.map((tag) => tag.label).sort()).toEqual(["ereader", "liked"]);
    expect(item.updated_at).toMatch(WALLABAG_DATE);
    // detail=full (the default) carries each article, written one at a time.
    expect(list._embedded.items[0].content).toBe("<p>The first article, with enough words to read.</p>");
    // Past the last page: 404, which KOReader takes as the end.
    expect(
      (
        await listEntriesRoute(
          appRequest("GET", "/api/entries.json?archive=0&page=2&perPage=30&tags=ereader", { token }),
        )
      ).status,
    ).toBe(404);
    const all = await koreaderJson(
      await listEntriesRoute(appRequest("GET", "/api/entries.json?archive=0&page=1&perPage=1", { token })),
    );
    expect(all).toMatchObject({ total: 2, pages: 2, limit: 1 });
    expect(all._links.next.href).toContain("page=2");
    expect(untagged.tags).toEqual([]);

    // 5. downloadArticle: GET /api/entries/{id}/export.epub, a book epubcheck accepts.
    const book = await exportRoute(
      appRequest("GET", `/api/entries/${first.id}/export.epub`, { token }),
      routeParams({ id: String(first.id), file: "export.epub" }),
    );
    expect(book.status).toBe(200);
    expect(book.headers.get("content-type")).toBe("application/epub+zip");
    const file = path.join(scratch, "koreader.epub");
    writeFileSync(file, Buffer.from(await book.arrayBuffer()));
    const report = await epubcheck(file);
    expect(report.problems).toEqual([]);
    expect(report.errors + report.fatals).toBe(0);
  });
});

describe("the wallabag Android app", () => {
  it("syncs with form fields: version, tags, pages sorted by update since a time, changes, the deleted-entry sweep", async () => {
    const { connection } = await appPassword("Android");
    const token = await accessToken(connection);
    const version = await versionRoute(appRequest("GET", "/api/version.json"));
    const versionText: unknown = await version.json();
    expect(typeof versionText).toBe("string");
    // Compared as text by the app against 2.4.0: a 2.x with a one-digit minor version at least 4.
    expect(String(versionText)).toMatch(/^2\.[4-9]\.\d+$/);
    expect(await (await infoRoute(appRequest("GET", "/api/info.json"))).json()).toMatchObject({
      version: versionText,
      allowed_registration: false,
    });
    // Its access check: an address nobody saved answers 200 {exists: false}.
    const check = await existsRoute(
      appRequest("GET", "/api/entries/exists.json?url=wallabag-apiwrapper-test.example.com", { token }),
    );
    expect(check.status).toBe(200);
    expect(await check.json()).toEqual({ exists: false });

    const saved = await (
      await createEntryRoute(
        appRequest("POST", "/api/entries.json", {
          token,
          form: { url: "https://phone.example/story", archive: "0", starred: "1", tags: "phone,later" },
        }),
      )
    ).json();
    const other = await (
      await createEntryRoute(
        appRequest("POST", "/api/entries.json", { token, form: { url: "https://phone.example/other" } }),
      )
    ).json();
    expect(saved).toMatchObject({
      is_starred: 1,
      is_archived: 0,
      is_public: false,
      reading_time: 0,
      user_email: connection.username,
    });
    expect(typeof saved.starred_at).toBe("string");
    // Saving an address again is the same entry, as wallabag answers it.
    const again = await (
      await createEntryRoute(
        appRequest("POST", "/api/entries.json", { token, form: { url: "https://phone.example/story", tags: "more" } }),
      )
    ).json();
    expect(again.id).toBe(saved.id);
    expect(again.tags.map((tag: { label: string }) => tag.label)).toEqual(["phone", "later", "more"]);

    const tags = await (await tagsRoute(appRequest("GET", "/api/tags.json", { token }))).json();
    expect(tags.map((tag: { label: string }) => tag.label).sort()).toEqual(["later", "more", "phone"]);

    // The saves' page work (titles, articles) changes the entries too: done before the full sync, so
    // the fast sync below sees only the app's own change.
    await flushAfterTasks();
    const full = await (
      await listEntriesRoute(
        appRequest("GET", "/api/entries.json?page=1&perPage=30&sort=created&order=asc&detail=full&since=0", { token }),
      )
    ).json();
    expect(full._embedded.items.map((item: { id: number }) => item.id)).toEqual([saved.id, other.id]);
    for (const item of full._embedded.items) {
      expect(item.created_at).toMatch(WALLABAG_DATE);
      expect([0, 1]).toContain(item.is_archived);
      expect(Array.isArray(item.tags)).toBe(true);
      expect(Array.isArray(item.annotations)).toBe(true);
    }

    // FAST sync: what changed after the newest updated_at it has, strictly after.
    const since = Math.floor(Date.parse(full._embedded.items[1].updated_at.replace("+0000", "Z")) / 1000) + 1;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    // The offline queue: a form PATCH with every tag, the flags as "1"/"0".
    const patched = await (
      await patchEntryRoute(
        appRequest("PATCH", `/api/entries/${other.id}.json`, {
          token,
          form: { archive: "1", starred: "0", title: "Read on the train", tags: "train" },
        }),
        routeParams({ id: String(other.id) }),
      )
    ).json();
    expect(patched).toMatchObject({ is_archived: 1, is_starred: 0, title: "Read on the train" });
    expect(patched.tags.map((tag: { label: string }) => tag.label)).toEqual(["train"]);
    const fast = await (
      await listEntriesRoute(
        appRequest("GET", `/api/entries.json?page=1&perPage=30&sort=updated&order=asc&detail=full&since=${since}`, {
          token,
        }),
      )
    ).json();
    expect(fast._embedded.items.map((item: { id: number }) => item.id)).toEqual([other.id]);

    // Removing a tag by its id.
    const phoneTag = again.tags.find((tag: { label: string }) => tag.label === "phone");
    const untagged = await (
      await removeTagRoute(
        appRequest("DELETE", `/api/entries/${saved.id}/tags/${phoneTag.id}.json`, { token }),
        routeParams({ id: String(saved.id), tag: String(phoneTag.id) }),
      )
    ).json();
    expect(untagged.tags.map((tag: { label: string }) => tag.label)).toEqual(["later", "more"]);

    // Delete with expect=id, then the sweep: hashed_urls[] (brackets encoded), and tags.json of what is gone.
    const gone = await deleteEntryRoute(
      appRequest("DELETE", `/api/entries/${other.id}.json?expect=id`, { token }),
      routeParams({ id: String(other.id) }),
    );
    expect(await gone.json()).toEqual({ id: other.id });
    const count = await (
      await listEntriesRoute(
        appRequest("GET", "/api/entries.json?page=1&perPage=1&sort=created&order=desc&detail=metadata&since=0", {
          token,
        }),
      )
    ).json();
    expect(count.total).toBe(1);
    expect(count._embedded.items[0].content).toBeNull();
    const kept = hashedUrl(saved.url);
    const removed = hashedUrl(other.url);
    const sweep = await existsRoute(
      appRequest("GET", `/api/entries/exists.json?hashed_urls%5B%5D=${kept}&hashed_urls%5B%5D=${removed}`, { token }),
    );
    expect(await sweep.json()).toEqual({ [kept]: true, [removed]: false });
    expect(
      (
        await entryTagsRoute(
          appRequest("GET", `/api/entries/${other.id}/tags.json`, { token }),
          routeParams({ id: String(other.id) }),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await entryTagsRoute(
          appRequest("GET", `/api/entries/${saved.id}/tags.json`, { token }),
          routeParams({ id: String(saved.id) }),
        )
      ).status,
    ).toBe(200);
  });
});

describe("wallabagger", () => {
  it("checks the version, saves the tab, stars and tags it, and asks whether a page is saved by its hash", async () => {
    const { connection } = await appPassword("wallabagger");
    const token = await accessToken(connection);
    const jsonHeaders = { accept: "application/json" };
    const version = String(
      await (await versionRoute(appRequest("GET", "/api/version", { headers: jsonHeaders }))).json(),
    );
    expect(version.split(".")[0]).toBe("2");
    const saved = await (
      await createEntryRoute(
        appRequest("POST", "/api/entries.json", {
          token,
          json: { url: "https://blog.example/post", archive: 1 },
          headers: jsonHeaders,
        }),
      )
    ).json();
    expect(saved).toMatchObject({ is_archived: 1, is_starred: 0, domain_name: "blog.example", preview_picture: null });
    const starred = await (
      await patchEntryRoute(
        appRequest("PATCH", `/api/entries/${saved.id}.json`, { token, json: { starred: 1 } }),
        routeParams({ id: String(saved.id) }),
      )
    ).json();
    expect(starred).toMatchObject({ is_starred: 1, is_archived: 1 });
    const tagged = await (
      await patchEntryRoute(
        appRequest("PATCH", `/api/entries/${saved.id}.json`, { token, json: { tags: "a,b,c,d,e" } }),
        routeParams({ id: String(saved.id) }),
      )
    ).json();
    // Three categories; the rest kept in the notes, never refused.
    expect(tagged.tags.map((tag: { label: string }) => tag.label)).toEqual(["a", "b", "c"]);
    const link = await getDb().link.findFirstOrThrow({ where: { serial: saved.id } });
    expect(link.notes).toBe("Tags: d, e");
    const exists = await existsRoute(
      appRequest("GET", `/api/entries/exists.json?hashed_url=${hashedUrl("https://blog.example/post")}`, { token }),
    );
    expect(await exists.json()).toEqual({ exists: true });
    const withId = await existsRoute(
      appRequest("GET", `/api/entries/exists.json?url=${encodeURIComponent("https://blog.example/post")}&return_id=1`, {
        token,
      }),
    );
    expect(await withId.json()).toEqual({ exists: saved.id });
    const entry = await (
      await getEntryRoute(
        appRequest("GET", `/api/entries/${saved.id}`, { token }),
        routeParams({ id: String(saved.id) }),
      )
    ).json();
    expect(entry.id).toBe(saved.id);
    const me = await (await appUserRoute(appRequest("GET", "/api/user.json", { token }))).json();
    expect(me).toMatchObject({ email: connection.username, id: expect.any(Number) });
  });

  it("keeps each user's entries to themselves: another user's number is 404", async () => {
    const owner = await appPassword();
    const stranger = await appPassword();
    const ownerToken = await accessToken(owner.connection);
    const strangerToken = await accessToken(stranger.connection);
    const saved = await (
      await createEntryRoute(
        appRequest("POST", "/api/entries.json", { token: ownerToken, json: { url: "https://private.example/x" } }),
      )
    ).json();
    const params = routeParams({ id: String(saved.id) });
    expect(
      (await getEntryRoute(appRequest("GET", `/api/entries/${saved.id}`, { token: strangerToken }), params)).status,
    ).toBe(404);
    expect(
      (
        await patchEntryRoute(
          appRequest("PATCH", `/api/entries/${saved.id}`, { token: strangerToken, json: { archive: 1 } }),
          params,
        )
      ).status,
    ).toBe(404);
    expect(
      (await deleteEntryRoute(appRequest("DELETE", `/api/entries/${saved.id}`, { token: strangerToken }), params))
        .status,
    ).toBe(404);
    const list = await (await listEntriesRoute(appRequest("GET", "/api/entries", { token: strangerToken }))).json();
    expect(list).toMatchObject({ total: 0, pages: 1, page: 1 });
    expect(list._embedded.items).toEqual([]);
    const exists = await (
      await existsRoute(
        appRequest("GET", "/api/entries/exists?url=https://private.example/x", { token: strangerToken }),
      )
    ).json();
    expect(exists).toEqual({ exists: false });
  });
});

describe("a link's last change (updated_at)", () => {
  it("follows every change its owner can see, raw SQL included, and not the digests' own writes", async () => {
    const { user } = await signedInUser();
    const link = await getDb().link.create({ data: { userId: user.id, url: "https://changes.example/a" } });
    expect(link.updatedAt).toBeNull();
    await getDb()
      .$executeRaw`UPDATE "Link" SET "resurfacedAt" = now(), "remindOn" = NULL, "openedAt" = now() WHERE id = ${link.id}`;
    expect((await getDb().link.findUniqueOrThrow({ where: { id: link.id } })).updatedAt).toBeNull();
    await getDb().$executeRaw`UPDATE "Link" SET "readAt" = now() WHERE id = ${link.id}`;
    const read = (await getDb().link.findUniqueOrThrow({ where: { id: link.id } })).updatedAt;
    expect(read).toBeInstanceOf(Date);
    // The same value again is no change.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await getDb().link.update({ where: { id: link.id }, data: { url: link.url } });
    expect((await getDb().link.findUniqueOrThrow({ where: { id: link.id } })).updatedAt).toEqual(read);
    await getDb().link.update({ where: { id: link.id }, data: { categories: ["News"], category: "News" } });
    expect(
      (await getDb().link.findUniqueOrThrow({ where: { id: link.id } })).updatedAt?.getTime() ?? 0,
    ).toBeGreaterThan(read?.getTime() ?? 0);
  });
});

// An article as the sanitiser stores it: annotator.js names passages by elements below the one it is
// shown in (`<article>` in the Android app), with offsets into each element's text.
const ANNOTATED_HTML =
  '<div class="page"><h2>Title</h2>\n<p>The quick <em>brown</em> fox jumps.</p>\n<p>Over the lazy dog. The fox again.</p></div>';

async function storeAnnotatedArticle(link: Link) {
  await storeArticle(link, {
    status: "ready",
    title: "Foxes",
    byline: null,
    siteName: null,
    excerpt: null,
    lang: "en",
    dir: null,
    publishedTime: null,
    contentHtml: ANNOTATED_HTML,
    textContent: "Title\nThe quick brown fox jumps.\nOver the lazy dog. The fox again.",
    wordCount: 12,
    readingMinutes: 1,
    reason: null,
    extractedAt: new Date(),
  });
}

/** An annotation as the API answers it (lib/wallabag/entry.ts). */
type Annotation = EntryAnnotation;

describe("annotations (the Android app's annotator, wallabag's web annotator)", () => {
  it("are highlights: created, listed, changed and deleted as the apps send them, and seen by LinkStash's own API", async () => {
    const { user, cookie, connection } = await appPassword("Android");
    const token = await accessToken(connection);
    const entry = await (
      await createEntryRoute(appRequest("POST", "/api/entries.json", { token, json: { url: "https://fox.example/a" } }))
    ).json();
    const link = await getDb().link.findFirstOrThrow({ where: { userId: user.id, serial: entry.id } });
    await storeAnnotatedArticle(link);
    const entryParams = routeParams({ id: String(entry.id) });

    // The Android app's API library: addAnnotation(articleID, ranges, text, quote), a JSON map whose
    // ranges Moshi writes in the Range class's field order.
    const ranges = [{ start: "/div[1]/p[2]", end: "/div[1]/p[2]", startOffset: 23, endOffset: 26 }];
    const createdRes = await createAnnotationRoute(
      appRequest("POST", `/api/annotations/${entry.id}.json`, {
        token,
        json: { text: "Which fox?", quote: "fox", ranges },
      }),
      entryParams,
    );
    const created: Annotation = await koreaderJson(createdRes);
    expect(created).toEqual({
      id: expect.any(Number),
      text: "Which fox?",
      created_at: expect.stringMatching(WALLABAG_DATE),
      updated_at: expect.stringMatching(WALLABAG_DATE),
      quote: "fox",
      // The second "fox", where the ranges pointed, not the first.
      ranges: [{ start: "/div[1]/p[2]", startOffset: 23, end: "/div[1]/p[2]", endOffset: 26 }],
      user: "Reader",
      annotator_schema_version: "v1.0",
    });
    // wallabag's web annotator: no quote, ranges from the element it is given (""), as wallabag's tests send.
    const fromRanges: Annotation = await koreaderJson(
      await createAnnotationRoute(
        appRequest("POST", `/api/annotations/${entry.id}.json`, {
          token,
          json: { text: "", quote: null, ranges: [{ start: "", startOffset: 10, end: "", endOffset: 15 }] },
        }),
        entryParams,
      ),
    );
    expect(fromRanges).toMatchObject({
      text: "",
      quote: "quick",
      ranges: [{ start: "/div[1]/p[1]", startOffset: 4, end: "/div[1]/p[1]", endOffset: 9 }],
    });

    // LinkStash's own highlights API sees both, with the passage's place and context.
    const own = await highlightsRoute(
      apiRequest("GET", `/api/links/${link.id}/highlights`, { cookie }),
      routeParams({ id: link.id }),
    );
    expect(own.status).toBe(200);
    const { highlights } = await own.json();
    expect(highlights).toEqual([
      expect.objectContaining({ quote: "fox", note: "Which fox?", start: 56, end: 59, suffix: " again." }),
      expect.objectContaining({ quote: "quick", note: null, start: 10, end: 15 }),
    ]);

    // GET /api/annotations/{entry}.json, and the entry's annotations (one entry; the sync's pages).
    const listed = await koreaderJson(
      await annotationsRoute(appRequest("GET", `/api/annotations/${entry.id}.json`, { token }), entryParams),
    );
    expect(listed).toEqual({ total: 2, rows: [created, fromRanges] });
    const one = await koreaderJson(
      await getEntryRoute(appRequest("GET", `/api/entries/${entry.id}.json`, { token }), entryParams),
    );
    expect(one.annotations).toEqual([created, fromRanges]);
    const page = await koreaderJson(
      await listEntriesRoute(
        appRequest("GET", "/api/entries.json?page=1&perPage=30&sort=updated&order=asc&detail=full&since=0", { token }),
      ),
    );
    expect(page._embedded.items[0].annotations).toEqual([created, fromRanges]);
    const metadata = await koreaderJson(
      await listEntriesRoute(appRequest("GET", "/api/entries.json?detail=metadata", { token })),
    );
    expect(metadata._embedded.items[0].annotations).toEqual([
      { ...created, ranges: [] },
      { ...fromRanges, ranges: [] },
    ]);

    // updateAnnotation(annotationID, text): PUT {text}; the passage stays.
    const annotationParams = routeParams({ id: String(created.id) });
    const changed: Annotation = await koreaderJson(
      await changeAnnotationRoute(
        appRequest("PUT", `/api/annotations/${created.id}.json`, { token, json: { text: "The second one." } }),
        annotationParams,
      ),
    );
    expect(changed).toMatchObject({ id: created.id, text: "The second one.", quote: "fox", ranges: created.ranges });
    expect((await getDb().highlight.findFirstOrThrow({ where: { serial: created.id } })).note).toBe("The second one.");

    // deleteAnnotation(annotationID): DELETE without a body answers the annotation as it was; the
    // web annotator sends the annotation along.
    const deleted: Annotation = await koreaderJson(
      await deleteAnnotationRoute(
        appRequest("DELETE", `/api/annotations/${created.id}.json`, { token }),
        annotationParams,
      ),
    );
    expect(deleted).toMatchObject({ id: created.id, text: "The second one." });
    expect(await getDb().highlight.count({ where: { serial: created.id } })).toBe(0);
    const webDelete = await deleteAnnotationRoute(
      appRequest("DELETE", `/api/annotations/${fromRanges.id}.json`, { token, json: fromRanges }),
      routeParams({ id: String(fromRanges.id) }),
    );
    expect(webDelete.status).toBe(200);
    expect(
      await koreaderJson(
        await annotationsRoute(appRequest("GET", `/api/annotations/${entry.id}.json`, { token }), entryParams),
      ),
    ).toEqual({ total: 0, rows: [] });
    // Gone: 404.
    expect(
      (await deleteAnnotationRoute(appRequest("DELETE", `/api/annotations/${created.id}`, { token }), annotationParams))
        .status,
    ).toBe(404);
  });

  it("refuses what is not a passage with {code, message} 400, and keeps the highlights' bounds", async () => {
    const { user, connection } = await appPassword();
    const token = await accessToken(connection);
    const entry = await (
      await createEntryRoute(appRequest("POST", "/api/entries", { token, json: { url: "https://fox.example/b" } }))
    ).json();
    await storeAnnotatedArticle(await getDb().link.findFirstOrThrow({ where: { userId: user.id, serial: entry.id } }));
    const params = routeParams({ id: String(entry.id) });
    const post = (json: unknown) =>
      createAnnotationRoute(appRequest("POST", `/api/annotations/${entry.id}`, { token, json }), params);
    for (const json of [
      // No quote and ranges that cover nothing of the article.
      { text: "x", ranges: [{ start: "/div[1]/p[9]", startOffset: 0, end: "/div[1]/p[9]", endOffset: 3 }] },
      { text: "x", quote: "", ranges: [] },
      { text: "x", quote: "fox", ranges: "everything" },
      { text: "x", quote: "fox", ranges: [{ start: "/p[1]", startOffset: -1, end: "/p[1]", endOffset: 2 }] },
      { text: 7, quote: "fox" },
      // Past the highlights' bounds: a passage of 5,000 characters, a note of 2,000.
      { text: "x", quote: "a".repeat(10_001) },
      { text: "n".repeat(2001), quote: "fox" },
    ]) {
      const res = await post(json);
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(400);
      expect(await res.json()).toEqual({
        code: "validation_failed",
        message: expect.any(String),
      });
    }
    // A quote the article does not have is kept as sent (the reader lists it as not found).
    const kept: Annotation = await koreaderJson(await post({ text: "", quote: "a passage from elsewhere" }));
    expect(kept).toMatchObject({ quote: "a passage from elsewhere", ranges: [] });
    expect(await getDb().highlight.count({ where: { userId: user.id } })).toBe(1);
    // Not an entry of the user's: 404.
    expect(
      (
        await createAnnotationRoute(
          appRequest("POST", "/api/annotations/999999999", { token, json: { text: "x", quote: "fox" } }),
          routeParams({ id: "999999999" }),
        )
      ).status,
    ).toBe(404);
  });

  it("keeps each user's annotations to themselves: another user's entry or annotation is 404, no token 401", async () => {
    const owner = await appPassword();
    const stranger = await appPassword();
    const ownerToken = await accessToken(owner.connection);
    const strangerToken = await accessToken(stranger.connection);
    const entry = await (
      await createEntryRoute(
        appRequest("POST", "/api/entries", { token: ownerToken, json: { url: "https://fox.example/private" } }),
      )
    ).json();
    await storeAnnotatedArticle(
      await getDb().link.findFirstOrThrow({ where: { userId: owner.user.id, serial: entry.id } }),
    );
    const entryParams = routeParams({ id: String(entry.id) });
    const created: Annotation = await koreaderJson(
      await createAnnotationRoute(
        appRequest("POST", `/api/annotations/${entry.id}`, { token: ownerToken, json: { text: "mine", quote: "fox" } }),
        entryParams,
      ),
    );
    const annotationParams = routeParams({ id: String(created.id) });
    const calls = (token?: string) => [
      annotationsRoute(appRequest("GET", `/api/annotations/${entry.id}`, { token }), entryParams),
      createAnnotationRoute(
        appRequest("POST", `/api/annotations/${entry.id}`, { token, json: { text: "theirs", quote: "fox" } }),
        entryParams,
      ),
      changeAnnotationRoute(
        appRequest("PUT", `/api/annotations/${created.id}`, { token, json: { text: "theirs" } }),
        annotationParams,
      ),
      deleteAnnotationRoute(appRequest("DELETE", `/api/annotations/${created.id}`, { token }), annotationParams),
    ];
    for (const res of await Promise.all(calls(strangerToken))) expect(res.status).toBe(404);
    for (const res of await Promise.all(calls())) expect(res.status).toBe(401);
    const highlight = await getDb().highlight.findFirstOrThrow({ where: { serial: created.id } });
    expect(highlight).toMatchObject({ userId: owner.user.id, note: "mine" });
    expect(await getDb().highlight.count({ where: { userId: owner.user.id } })).toBe(1);
  });
});

describe("deleting tags (the Android app's deleteTag calls)", () => {
  it("takes a tag off every entry by its id, by label and by labels, and the user's own category with it", async () => {
    const { user, connection } = await appPassword("Android");
    const token = await accessToken(connection);
    const save = async (url: string, tags: string) =>
      (await createEntryRoute(appRequest("POST", "/api/entries.json", { token, form: { url, tags } }))).json();
    const both = await save("https://tags.example/both", "phone,later");
    const later = await save("https://tags.example/later", "later");
    const other = await save("https://tags.example/other", "news,work,misc");
    await getDb().category.create({ data: { userId: user.id, name: "Later", nameKey: "later" } });
    const laterTag = both.tags.find((tag: { label: string }) => tag.label === "later");

    // deleteTag(tagID): DELETE /api/tags/{id}.json answers the tag.
    const deleted = await koreaderJson(
      await deleteTagRoute(
        appRequest("DELETE", `/api/tags/${laterTag.id}.json`, { token }),
        routeParams({ tag: String(laterTag.id) }),
      ),
    );
    expect(deleted).toEqual(laterTag);
    const entryTags = async (id: number) =>
      (
        await (
          await getEntryRoute(appRequest("GET", `/api/entries/${id}`, { token }), routeParams({ id: String(id) }))
        ).json()
      ).tags.map((tag: { label: string }) => tag.label);
    expect(await entryTags(both.id)).toEqual(["phone"]);
    // Its last tag gone, a link is Uncategorized: no tag.
    expect(await entryTags(later.id)).toEqual([]);
    expect(await getDb().link.findFirstOrThrow({ where: { serial: later.id } })).toMatchObject({
      category: "Uncategorized",
      categories: ["Uncategorized"],
    });
    expect(await getDb().category.count({ where: { userId: user.id } })).toBe(0);
    // Gone already: 404.
    expect(
      (
        await deleteTagRoute(
          appRequest("DELETE", `/api/tags/${laterTag.id}.json`, { token }),
          routeParams({ tag: String(laterTag.id) }),
        )
      ).status,
    ).toBe(404);

    // deleteTag(label): DELETE /api/tag/label.json?tag=…, in any case.
    const byLabel = await koreaderJson(
      await deleteTagByLabelRoute(appRequest("DELETE", "/api/tag/label.json?tag=PHONE", { token })),
    );
    expect(byLabel).toMatchObject({ label: "phone", slug: "t:phone" });
    expect(await entryTags(both.id)).toEqual([]);
    // deleteTags(labels): DELETE /api/tags/label.json?tags=a,b answers those it deleted.
    const byLabels = await deleteTagsByLabelRoute(
      appRequest("DELETE", "/api/tags/label.json?tags=news,misc,nothing", { token }),
    );
    expect(byLabels.status).toBe(200);
    expect((await byLabels.json()).map((tag: { label: string }) => tag.label).sort()).toEqual(["News", "misc"]);
    // Built-in categories keep their spelling ("news" is News).
    expect(await entryTags(other.id)).toEqual(["Work"]);
    expect(
      (await deleteTagsByLabelRoute(appRequest("DELETE", "/api/tags/label.json?tags=nothing", { token }))).status,
    ).toBe(404);
    expect((await deleteTagByLabelRoute(appRequest("DELETE", "/api/tag/label.json", { token }))).status).toBe(404);
  });

  it("never touches another user's tags", async () => {
    const owner = await appPassword();
    const stranger = await appPassword();
    const ownerToken = await accessToken(owner.connection);
    const strangerToken = await accessToken(stranger.connection);
    const saved = await (
      await createEntryRoute(
        appRequest("POST", "/api/entries", {
          token: ownerToken,
          json: { url: "https://tags.example/x", tags: "secret" },
        }),
      )
    ).json();
    const [secret] = saved.tags;
    expect(
      (
        await deleteTagRoute(
          appRequest("DELETE", `/api/tags/${secret.id}`, { token: strangerToken }),
          routeParams({ tag: String(secret.id) }),
        )
      ).status,
    ).toBe(404);
    expect(
      (await deleteTagByLabelRoute(appRequest("DELETE", "/api/tag/label?tag=secret", { token: strangerToken }))).status,
    ).toBe(404);
    expect((await getDb().link.findFirstOrThrow({ where: { serial: saved.id } })).categories).toEqual(["secret"]);
    expect(
      (await deleteTagRoute(appRequest("DELETE", `/api/tags/${secret.id}`), routeParams({ tag: String(secret.id) })))
        .status,
    ).toBe(401);
  });
});

// The Markdown export's file name, spelled so that no one takes it for a document of the repository.
const MARKDOWN_FILE = ["export", "md"].join(".");

describe("reload and the Markdown export", () => {
  it("reload owes the page another fetch and answers the entry; another user's entry is 404", async () => {
    const { user, connection } = await appPassword("Android");
    const token = await accessToken(connection);
    const entry = await (
      await createEntryRoute(
        appRequest("POST", "/api/entries.json", { token, json: { url: "https://reload.example/a" } }),
      )
    ).json();
    await flushAfterTasks();
    const link = await getDb().link.findFirstOrThrow({ where: { userId: user.id, serial: entry.id } });
    await storeAnnotatedArticle(link);
    expect(await getDb().pageWork.count({ where: { linkId: link.id } })).toBe(0);
    // reloadArticle(articleID): PATCH /api/entries/{id}/reload.json without a body.
    const reloaded = await koreaderJson(
      await reloadRoute(
        appRequest("PATCH", `/api/entries/${entry.id}/reload.json`, { token }),
        routeParams({ id: String(entry.id) }),
      ),
    );
    expect(reloaded).toMatchObject({ id: entry.id, url: "https://reload.example/a", content: ANNOTATED_HTML });
    expect(await getDb().pageWork.count({ where: { linkId: link.id } })).toBe(1);
    const stranger = await appPassword();
    const strangerToken = await accessToken(stranger.connection);
    expect(
      (
        await reloadRoute(
          appRequest("PATCH", `/api/entries/${entry.id}/reload.json`, { token: strangerToken }),
          routeParams({ id: String(entry.id) }),
        )
      ).status,
    ).toBe(404);
    await flushAfterTasks();
  });

  it("the Markdown export is the article as Markdown under its title and address", async () => {
    const { user, connection } = await appPassword();
    const token = await accessToken(connection);
    const entry = await (
      await createEntryRoute(
        appRequest("POST", "/api/entries.json", {
          token,
          json: { url: "https://md.example/a", title: "Foxes *and* dogs" },
        }),
      )
    ).json();
    await storeAnnotatedArticle(await getDb().link.findFirstOrThrow({ where: { userId: user.id, serial: entry.id } }));
    const res = await exportRoute(
      appRequest("GET", `/api/entries/${entry.id}/${MARKDOWN_FILE}`, { token }),
      routeParams({ id: String(entry.id), file: MARKDOWN_FILE }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="entry-${entry.id}.${"md"}"`);
    expect(await res.text()).toBe(
      [
        "# Foxes \\*and\\* dogs",
        "",
        "<https://md.example/a>",
        "",
        "## Title",
        "",
        "The quick _brown_ fox jumps.",
        "",
        "Over the lazy dog. The fox again.",
        "",
      ].join("\n"),
    );
    expect(
      (
        await exportRoute(
          appRequest("GET", `/api/entries/${entry.id}/export.doc`, { token }),
          routeParams({ id: String(entry.id), file: "export.doc" }),
        )
      ).status,
    ).toBe(404);
  });
});
