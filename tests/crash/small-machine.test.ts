// The embedded default on a small machine: the built app runs in a 512 MB memory limit (a cgroup,
// as a container or a small VPS imposes one; the kernel kills the process past it) through a user's
// journey: sign in, save a link, import 20,000 Pocket rows, read the saved link's article, open
// History, send a digest. The server must come through it alive and answering. Needs
// `npm run build` (or `npx next build`; the template a new database is copied from is made here
// first, as the build does, so that no initdb runs inside the limit).
import { mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLargePageServer, type PageServer, waitForTitles } from "@/bench/burst/save-burst";
import { writePocketCsv } from "@/bench/import/generate-pocket-csv";
import { ensureEmbeddedTemplate } from "@/lib/db/embedded-template";
import {
  type AppServer,
  assertBuilt,
  freePort,
  historyUrls,
  signInOverHttp,
  startApp,
  postLink,
} from "@/tests/support/built-app";
import { createMemoryCgroup, type MemoryCgroup } from "@/tests/support/memory-cgroup";

const LIMIT_BYTES = 512 * 1024 * 1024;
const POCKET_ROWS = 20_000;
const IP = "203.0.113.51";
const EMAIL = "small-machine@example.com";

describe("the embedded app in a 512 MB memory limit", () => {
  let app: AppServer;
  let pages: PageServer;
  let cgroup: MemoryCgroup;
  let dataDir: string;
  let cookie: string;

  beforeAll(async () => {
    assertBuilt();
    await ensureEmbeddedTemplate();
    pages = await startLargePageServer(await freePort(), 200 * 1024);
    dataDir = mkdtempSync(path.join(tmpdir(), "small-machine-"));
    cgroup = createMemoryCgroup("linkstash-small-machine", LIMIT_BYTES);
    app = await startApp({
      port: await freePort(),
      env: { DATA_DIR: dataDir, UNFURL_ALLOWED_HOSTS: new URL(pages.origin).host },
      cgroupProcs: cgroup.procs,
    });
    cookie = await signInOverHttp(app.url, EMAIL, IP);
  });

  afterAll(async () => {
    await app?.stop();
    await pages?.close();
    await cgroup?.remove();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const headers = () => ({ cookie, origin: app.url, "x-forwarded-for": IP });

  it("signs in, saves, imports 20,000 rows, reads, sends a digest, and is never killed", async () => {
    const saved = await postLink(app.url, cookie, IP, `${pages.origin}/an-article`);
    expect(saved.status).toBe(201);
    const { link }: { link: { id: string } } = await saved.json();
    const id = link.id;
    expect(await waitForTitles(app, cookie, 1, 120_000)).toBe(1);

    const csv = path.join(dataDir, "part_000000.csv");
    await writePocketCsv(csv, POCKET_ROWS);
    const imported = await fetch(`${app.url}/api/import?filename=part_000000.csv`, {
      method: "POST",
      headers: headers(),
      body: await readFile(csv),
    });
    const importText = await imported.text();
    expect(imported.status, importText).toBeLessThan(300);
    // The answer streams progress lines, the summary last. The generated export has a malformed row
    // every 5,000, which the import reports and skips.
    const result: { imported: number } = JSON.parse(importText.trim().split("\n").at(-1) ?? "{}");
    expect(result.imported).toBe(POCKET_ROWS - POCKET_ROWS / 5000);
    expect(await historyUrls(app.url, cookie)).toHaveLength(result.imported + 1);

    let article: { status: string; title?: string } = { status: "pending" };
    for (let attempt = 0; attempt < 120 && article.status === "pending"; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 1000));
      article = await (await fetch(`${app.url}/api/links/${id}/article`, { headers: headers() })).json();
    }
    expect(article.status).toBe("ready");
    const reader = await fetch(`${app.url}/read/${id}`, { headers: headers() });
    expect(reader.status).toBe(200);
    expect(await reader.text()).toContain("Burst /an-article");
    expect((await fetch(`${app.url}/history`, { headers: headers() })).status).toBe(200);

    const digest = await fetch(`${app.url}/api/digest/send-now`, { method: "POST", headers: headers() });
    expect(await digest.json()).toMatchObject({ success: true });
    const mailbox = await fetch(`${app.url}/dev/mailbox?format=json&to=${encodeURIComponent(EMAIL)}`);
    const messages: { subject: string; text: string }[] = await mailbox.json();
    // The subject counts the new link and any of the import's links that came back with it.
    const sent = messages.find((message) => /^Today's stash: \d+ links? to read$/.test(message.subject));
    expect(sent?.text).toContain(`${pages.origin}/an-article`);

    console.log(
      `512 MB limit: the group's peak ${Math.round(cgroup.maxUsageMb())} MB (page cache included), ` +
        `reached the limit ${cgroup.failCount()} times`,
    );
    expect((await fetch(`${app.url}/api/health/live`)).status).toBe(200);
    // Killed by the kernel, the server would have exited with SIGKILL; it is still running.
    expect(app.child.exitCode).toBeNull();
    expect(app.child.signalCode).toBeNull();
  }, 900_000);
});
