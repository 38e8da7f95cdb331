// The smallest machine the product promises (512 MB), as a memory group around the built app
// (`npx next build` first): one user saves a 5 MB article page 150 times while the mails that used
// to stall the server arrive at their save address. The memory budget (decision 0352) sizes the
// server's heap, the extractor child and the article cap (decision 0362) from the group's limit,
// the user's handlers take turns (decision 0363) and the embedded database's statements interleave
// with other requests (decision 0378): the kernel never kills anything in the group,
// /api/health/live answers every probe within 2 s, and every saved link ends titled. The slowest
// probe is printed (it falls as the 150 saves arrive at once). Needs root (for the group).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BurstResult,
  describeBurst,
  type PageServer,
  runSaveBurst,
  saveOverHttp,
  startLargePageServer,
  waitForTitles,
} from "@/bench/burst/save-burst";
import { ensureEmbeddedTemplate } from "@/lib/db/embedded-template";
import { LINK_RATE_LIMITS } from "@/lib/links/service";
import { type AppServer, assertBuilt, freePort, signInOverHttp, startApp } from "@/tests/support/built-app";
import { sendPathologicalMails } from "@/tests/support/hostile-mail";
import { INBOUND_DOMAIN } from "@/tests/support/inbound-mail";
import { createMemoryCgroup, type MemoryCgroup } from "@/tests/support/memory-cgroup";

const LIMIT_MB = 512;
const SAVES = 150;
const LIVENESS_MS = 2000;
const OWNER = "small-machine@example.com";
const IP = "203.0.113.30";

let app: AppServer;
let pages: PageServer;
let cgroup: MemoryCgroup;
let dataDir: string;
let cookie: string;
let smtpPort: number;
let address: string;

beforeAll(async () => {
  assertBuilt();
  // Made outside the group, as the build does, so no initdb runs inside the limit.
  await ensureEmbeddedTemplate();
  pages = await startLargePageServer(await freePort());
  dataDir = mkdtempSync(path.join(tmpdir(), "small-machine-flood-"));
  cgroup = createMemoryCgroup("linkstash-small-machine", LIMIT_MB * 1024 * 1024);
  smtpPort = await freePort();
  app = await startApp({
    port: await freePort(),
    env: {
      DATA_DIR: dataDir,
      UNFURL_ALLOWED_HOSTS: new URL(pages.origin).host,
      // The whole flood in one window of the user's page-fetch budget, so all of it is in memory's
      // way at once; the links the mails carry are fetched from the same budget. Plus the 10 kept for
      // fresh work (decision 0376), which the flood's rows cannot use once older than 2 minutes.
      PAGE_FETCH_BUDGET_PER_10_MINUTES: String(SAVES + 20 + 10),
      INBOUND_EMAIL_DOMAIN: INBOUND_DOMAIN,
      INBOUND_SMTP_PORT: String(smtpPort),
      INBOUND_SMTP_HOST: "127.0.0.1",
    },
    cgroupProcs: cgroup.procs,
  });
  cookie = await signInOverHttp(app.url, OWNER, IP);
  const res = await fetch(`${app.url}/api/user/save-address`, { headers: { cookie } });
  expect(res.status).toBe(200);
  ({ address } = await res.json());
}, 180_000);

afterAll(async () => {
  await app?.stop("SIGKILL");
  await pages?.close();
  await cgroup?.remove();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("a 512 MB machine under one user's save flood and hostile mail (built app)", () => {
  it("is never killed, answers every liveness probe within 2 s, and titles every saved link", async () => {
    expect(SAVES).toBeLessThan(LINK_RATE_LIMITS.perUser.limit);
    // Warm: the extraction code is loaded and has run once before the flood.
    expect(await saveOverHttp(app, cookie, IP, `${pages.origin}/warm-up`)).toBe(201);
    expect(await waitForTitles(app, cookie, 1, 120_000)).toBe(1);

    let mailAnswers: (readonly [string, string])[] = [];
    const result: BurstResult = await runSaveBurst({
      app,
      cookie,
      ip: IP,
      pageOrigin: pages.origin,
      saves: SAVES,
      expectTitled: SAVES + 1,
      pagesRequested: () => pages.requests.length,
      limitMs: 15 * 60_000,
      duringFlood: async () => {
        mailAnswers = await sendPathologicalMails(smtpPort, { from: OWNER, to: address });
      },
    });
    const oomKills = cgroup.oomKills();
    console.log(
      `512 MB flood: ${describeBurst(result)}; the group's peak ${Math.round(cgroup.maxUsageMb())} MB ` +
        `(page cache included), OOM kills ${oomKills}`,
    );

    expect(oomKills).toBe(0);
    expect(app.child.exitCode).toBeNull();
    expect(app.child.signalCode).toBeNull();
    expect(result.statuses).toEqual({ 201: SAVES });
    expect(result.titled).toBe(SAVES + 1);
    expect(result.liveness.failed).toBe(0);
    expect(result.liveness.samples).toBeGreaterThan(0);
    expect(result.liveness.maxMs).toBeLessThan(LIVENESS_MS);
    expect(mailAnswers).toHaveLength(3);
    for (const [name, answer] of mailAnswers) expect(answer, name).toMatch(/^(250|5\d\d) /);
  }, 1_200_000);
});
