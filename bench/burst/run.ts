// A burst of saves of a 5 MB article page by one user against the built app (decision 0301), run in a
// 512 MB memory group (cgroup v1, as a small machine imposes one; decision 0352): the server's
// resident memory (its process and children), the group's peak and OOM kills, and the liveness
// probe sampled every 100 ms from the first save until every saved link has its title. The user's
// page-fetch budget is raised (PAGE_FETCH_BUDGET_PER_10_MINUTES) so the whole burst is fetched in
// one window. Prints the figures and whether the targets are met: no OOM kill, the server alive,
// liveness under 2 s, every link titled. Needs `npx next build` and root (for the group).
//
//   npm run bench:burst
//   npm run bench:burst -- --saves 150 --page-mb 5 --limit-mb 512
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  describeBurst,
  runSaveBurst,
  saveOverHttp,
  startLargePageServer,
  waitForTitles,
} from "@/bench/burst/save-burst";
import { ensureEmbeddedTemplate } from "@/lib/db/embedded-template";
import { assertBuilt, freePort, signInOverHttp, startApp } from "@/tests/support/built-app";
import { createMemoryCgroup } from "@/tests/support/memory-cgroup";

const { values } = parseArgs({
  options: {
    saves: { type: "string", default: "150" },
    "page-mb": { type: "string", default: "5" },
    "limit-mb": { type: "string", default: "512" },
    "wait-minutes": { type: "string", default: "20" },
  },
});

const LIVENESS_TARGET_MS = 2000;
const IP = "203.0.113.40";

assertBuilt();
// Made outside the group, as `npm run build` does, so no initdb runs inside the limit.
await ensureEmbeddedTemplate();
const saves = Number(values.saves);
const limitMb = Number(values["limit-mb"]);
const pages = await startLargePageServer(await freePort(), Number(values["page-mb"]) * 1024 * 1024 - 64 * 1024);
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-burst-"));
const cgroup = createMemoryCgroup("linkstash-bench-burst", limitMb * 1024 * 1024);
console.log(`the built app in a ${limitMb} MB memory group (cgroup v1)`);
const app = await startApp({
  port: await freePort(),
  env: {
    DATA_DIR: dataDir,
    UNFURL_ALLOWED_HOSTS: new URL(pages.origin).host,
    // Plus the 10 kept for fresh work (decision 0376): the burst's rows turn backlog after 2 minutes.
    PAGE_FETCH_BUDGET_PER_10_MINUTES: String(saves + 1 + 10),
  },
  cgroupProcs: cgroup.procs,
});
try {
  const cookie = await signInOverHttp(app.url, "bench-burst@example.com", IP);
  const warm = performance.now();
  if ((await saveOverHttp(app, cookie, IP, `${pages.origin}/warm-up`)) !== 201) throw new Error("warm-up save refused");
  await waitForTitles(app, cookie, 1, 120_000);
  console.log(`warm-up page titled in ${((performance.now() - warm) / 1000).toFixed(1)} s`);
  const result = await runSaveBurst({
    app,
    cookie,
    ip: IP,
    pageOrigin: pages.origin,
    saves,
    expectTitled: saves + 1,
    pagesRequested: () => pages.requests.length,
    limitMs: Number(values["wait-minutes"]) * 60_000,
  });
  console.log(describeBurst(result));
  const oomKills = cgroup.oomKills();
  const killed = app.child.exitCode !== null || app.child.signalCode !== null;
  console.log(
    `the group: peak ${Math.round(cgroup.maxUsageMb())} MB (page cache included), reached its limit ` +
      `${cgroup.failCount()} times, OOM kills ${oomKills}; the server ${killed ? "KILLED" : "alive"}`,
  );
  console.log(
    `OOM kills ${oomKills}, server alive: target 0 and alive ${oomKills === 0 && !killed ? "met" : "MISSED"}`,
  );
  console.log(
    `slowest liveness probe ${Math.round(result.liveness.maxMs)} ms: target under ${LIVENESS_TARGET_MS} ms ${
      result.liveness.maxMs < LIVENESS_TARGET_MS && result.liveness.failed === 0 ? "met" : "MISSED"
    }`,
  );
  console.log(
    `${result.titled} of ${saves + 1} links titled: target all ${result.titled === saves + 1 ? "met" : "MISSED"}`,
  );
} catch (error) {
  console.error(`server log (tail):\n${app.log().slice(-4000)}`);
  console.error(`the group: OOM kills ${cgroup.oomKills()}, peak ${Math.round(cgroup.maxUsageMb())} MB`);
  throw error;
} finally {
  await app.stop();
  await pages.close();
  await cgroup.remove();
  rmSync(dataDir, { recursive: true, force: true });
}
