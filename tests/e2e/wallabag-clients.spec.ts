import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { portBase } from "../../playwright.config";
import { signInOverHttp } from "../support/built-app";
import { epubcheck } from "../support/epubcheck";
import { articlePagesOrigin, serveArticlePage } from "./article-page-server";
import { uniqueEmail } from "./support";

// The apps that speak wallabag's API v2, against the built app over HTTP: each request as the app
// sends it, read from its source (KOReader's plugins/wallabag.koplugin/main.lua; the Android app's
// API library, di72nn/wallabag-api-wrapper; wallabagger's js/wallabag-api.js), with its paths
// (".json" or not), headers and body encoding, and the answers each app insists on.

const APP_URL = `http://localhost:${portBase}`;

serveArticlePage(
  `<!doctype html><html lang="en"><head><title>A long read for the e-reader</title></head><body><article><h1>A long read for the e-reader</h1>${Array.from(
    { length: 12 },
    (_, i) =>
      `<p>Paragraph ${i + 1} of an article worth reading away from a screen, on paper-like glass, with a cup of tea.</p>`,
  ).join("")}</article></body></html>`,
);

type Connection = { serverUrl: string; clientId: string; clientSecret: string; username: string; password: string };

let ipCounter = 0;
async function appConnection(name: string): Promise<Connection> {
  ipCounter += 1;
  const ip = `198.51.100.${ipCounter + 40}`;
  const cookie = await signInOverHttp(APP_URL, uniqueEmail("apps"), ip);
  const res = await fetch(`${APP_URL}/api/user/app-passwords`, {
    method: "POST",
    headers: { cookie, origin: APP_URL, "content-type": "application/json", "x-forwarded-for": ip },
    body: JSON.stringify({ name }),
  });
  expect(res.status).toBe(201);
  return res.json();
}

/** KOReader's callAPI: success is exactly 200 with a body starting with "{". */
async function koreaderCall(method: string, pathAndQuery: string, token: string, body?: unknown) {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (body !== undefined) {
    headers["Content-type"] = "application/json";
    headers.Accept = "application/json, */*";
  }
  const res = await fetch(`${APP_URL}${pathAndQuery}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, `${method} ${pathAndQuery}: ${text.slice(0, 200)}`).toBe(200);
  expect(text.startsWith("{"), `${method} ${pathAndQuery}: ${text.slice(0, 40)}`).toBe(true);
  return JSON.parse(text);
}

test("KOReader: token, queued uploads with tags, archive and delete, unread pages by tag, each article as an EPUB", async () => {
  const connection = await appConnection("KOReader");
  // getBearerToken: a JSON password grant.
  const tokenRes = await fetch(`${APP_URL}/oauth/v2/token`, {
    method: "POST",
    headers: { "Content-type": "application/json", Accept: "application/json, */*" },
    body: JSON.stringify({
      grant_type: "password",
      client_id: connection.clientId,
      client_secret: connection.clientSecret,
      username: connection.username,
      password: connection.password,
    }),
  });
  expect(tokenRes.status).toBe(200);
  const { access_token: token, expires_in: expiresIn } = await tokenRes.json();
  expect(typeof expiresIn).toBe("number");

  // uploadQueue: the article page (served locally) and two more, with the auto tags.
  const article = await koreaderCall("POST", "/api/entries.json", token, {
    url: `${articlePagesOrigin}/long-read`,
    tags: "ereader",
  });
  const finished = await koreaderCall("POST", "/api/entries.json", token, {
    url: "https://finished.example/story",
    tags: "ereader",
  });
  const unwanted = await koreaderCall("POST", "/api/entries.json", token, {
    url: "https://unwanted.example/story",
    tags: "ereader",
  });
  // uploadStatuses: archive what was finished, delete what was deleted on the reader.
  expect((await koreaderCall("PATCH", `/api/entries/${finished.id}.json`, token, { archive: 1 })).is_archived).toBe(1);
  expect((await koreaderCall("DELETE", `/api/entries/${unwanted.id}.json`, token)).id).toBe(unwanted.id);

  // The article's page is fetched after the save: wait for its title, as the list shows it.
  let items: {
    id: number;
    title: string;
    url: string;
    mimetype: string;
    tags: { label: string }[];
    updated_at: string;
  }[] = [];
  await expect
    .poll(
      async () => {
        const list = await koreaderCall("GET", "/api/entries.json?archive=0&page=1&perPage=30&tags=ereader", token);
        items = list._embedded.items;
        return items.map((item) => item.title);
      },
      { timeout: 30_000 },
    )
    .toEqual(["A long read for the e-reader"]);
  const [item] = items;
  if (!item) throw new Error("no entry listed");
  expect(item).toMatchObject({ id: article.id, mimetype: "text/html" });
  expect(item.tags.map((tag) => tag.label)).toEqual(["ereader"]);
  expect(Number.isNaN(Date.parse(item.updated_at.replace(/(\d\d)(\d\d)$/, "$1:$2")))).toBe(false);
  // Past the last page: 404 ends KOReader's paging.
  expect(
    (
      await fetch(`${APP_URL}/api/entries.json?archive=0&page=2&perPage=30&tags=ereader`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).status,
  ).toBe(404);

  // downloadArticle: GET /api/entries/{id}/export.epub, streamed to "[w-id_{id}] {title}.epub".
  await expect
    .poll(
      async () =>
        (
          await fetch(`${APP_URL}/api/entries/${article.id}/export.txt`, {
            headers: { Authorization: `Bearer ${token}` },
          })
        ).text(),
      { timeout: 30_000 },
    )
    .toContain("Paragraph 12");
  const book = await fetch(`${APP_URL}/api/entries/${article.id}/export.epub`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(book.status).toBe(200);
  expect(book.headers.get("content-type")).toBe("application/epub+zip");
  const directory = mkdtempSync(path.join(tmpdir(), "koreader-"));
  try {
    const file = path.join(directory, `[w-id_${article.id}] A long read for the e-reader.epub`);
    writeFileSync(file, Buffer.from(await book.arrayBuffer()));
    const report = await epubcheck(file);
    expect(report.problems).toEqual([]);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});

test("the wallabag Android app: version, form-encoded token and changes, pages by update, the deleted-entry sweep", async () => {
  const connection = await appConnection("Android");
  const version = await fetch(`${APP_URL}/api/version.json`);
  expect(version.status).toBe(200);
  expect(await version.json()).toMatch(/^2\.[4-9]\./);
  const tokenRes = await fetch(`${APP_URL}/oauth/v2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      client_id: connection.clientId,
      client_secret: connection.clientSecret,
      grant_type: "password",
      username: connection.username,
      password: connection.password,
    }),
  });
  const grant = await tokenRes.json();
  const auth = { Authorization: `Bearer ${grant.access_token}`, Accept: "*/*" };
  const form = (fields: Record<string, string>) => ({
    headers: { ...auth, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  const saved = await (
    await fetch(`${APP_URL}/api/entries.json`, {
      method: "POST",
      ...form({ url: "https://phone.example/a", starred: "1", tags: "phone" }),
    })
  ).json();
  expect(saved).toMatchObject({ is_starred: 1, is_archived: 0 });
  const patched = await fetch(`${APP_URL}/api/entries/${saved.id}.json`, {
    method: "PATCH",
    ...form({ archive: "1", tags: "phone,train" }),
  });
  expect((await patched.json()).tags.map((tag: { label: string }) => tag.label)).toEqual(["phone", "train"]);
  expect(await (await fetch(`${APP_URL}/api/tags.json`, { headers: auth })).json()).toEqual(
    expect.arrayContaining([expect.objectContaining({ label: "train", slug: "t:train" })]),
  );
  const page = await (
    await fetch(`${APP_URL}/api/entries.json?page=1&perPage=30&sort=updated&order=asc&detail=full&since=0`, {
      headers: auth,
    })
  ).json();
  expect(page).toMatchObject({ page: 1, pages: 1, total: 1 });
  // The sweep: hashes with encoded brackets; tags.json of a deleted entry is 404.
  const hash = createHash("sha1").update(saved.url).digest("hex");
  const exists = await fetch(`${APP_URL}/api/entries/exists.json?hashed_urls%5B%5D=${hash}`, { headers: auth });
  expect(await exists.json()).toEqual({ [hash]: true });
  expect(
    await (
      await fetch(`${APP_URL}/api/entries/${saved.id}.json?expect=id`, { method: "DELETE", headers: auth })
    ).json(),
  ).toEqual({ id: saved.id });
  expect((await fetch(`${APP_URL}/api/entries/${saved.id}/tags.json`, { headers: auth })).status).toBe(404);
  // A 401 sends the app to the refresh grant, which rotates.
  expect(
    (await fetch(`${APP_URL}/api/entries.json`, { headers: { Authorization: "Bearer lsa_expired" } })).status,
  ).toBe(401);
  const refreshed = await fetch(`${APP_URL}/oauth/v2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      client_id: connection.clientId,
      client_secret: connection.clientSecret,
      grant_type: "refresh_token",
      refresh_token: grant.refresh_token,
    }),
  });
  expect(refreshed.status).toBe(200);
});

test("wallabagger: a cross-origin token request, the version without .json, save, star and the saved-page check", async () => {
  const connection = await appConnection("wallabagger");
  const extension = "chrome-extension://abcdefghijklmnopabcdefghijklmnop";
  const preflight = await fetch(`${APP_URL}/oauth/v2/token`, {
    method: "OPTIONS",
    headers: {
      Origin: extension,
      "Access-Control-Request-Method": "POST",
      "Access-Control-Request-Headers": "content-type",
    },
  });
  expect(preflight.status).toBeLessThan(300);
  expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
  const json = { Accept: "application/json", "Content-Type": "application/json", Origin: extension };
  const version = await (await fetch(`${APP_URL}/api/version`, { headers: json })).json();
  expect(String(version).split(".")[0]).toBe("2");
  const tokenRes = await fetch(`${APP_URL}/oauth/v2/token`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({
      grant_type: "password",
      client_id: connection.clientId,
      client_secret: connection.clientSecret,
      username: connection.username,
      password: connection.password,
    }),
  });
  expect(tokenRes.headers.get("access-control-allow-origin")).toBe("*");
  const auth = { ...json, Authorization: `Bearer ${(await tokenRes.json()).access_token}` };
  const saved = await (
    await fetch(`${APP_URL}/api/entries.json`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ url: "https://tab.example/page" }),
    })
  ).json();
  const starred = await (
    await fetch(`${APP_URL}/api/entries/${saved.id}.json`, {
      method: "PATCH",
      headers: auth,
      body: JSON.stringify({ starred: 1 }),
    })
  ).json();
  expect(starred).toMatchObject({ id: saved.id, is_starred: 1, is_archived: 0 });
  const hash = createHash("sha1").update("https://tab.example/page").digest("hex");
  expect(
    await (await fetch(`${APP_URL}/api/entries/exists.json?hashed_url=${hash}`, { headers: auth })).json(),
  ).toEqual({ exists: true });
  const deleted = await fetch(`${APP_URL}/api/entries/${saved.id}`, { method: "DELETE", headers: auth });
  expect((await deleted.json()).id).toBe(saved.id);
});
