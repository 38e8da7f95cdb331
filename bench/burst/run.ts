// A burst of saves of a 5 MB article page by one user against the built app (decision 0301), the
// server's resident memory (its process and children) and its liveness probe sampled every 100 ms
// from the first save until the user's page-fetch budget's worth of links have their title (the
// rest is deferred to the next window). Prints the figures and whether the targets are met: peak
// growth under 400 MB, liveness under 2 s. Needs `npx next build`.
//
//   npm run bench:burst
//   npm run bench:burst -- --saves 150 --page-mb 5
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { PAGE_FETCH_BUDGET } from "@/lib/articles/page-work-limits";
import {
  describeBurst,
  runSaveBurst,
  saveOverHttp,
  startLargePageServer,
  waitForTitles,
} from "@/bench/burst/save-burst";
import { assertBuilt, freePort, signInOverHttp, startApp } from "@/tests/support/built-app";

const { values } = parseArgs({
  options: {
    saves: { type: "string", default: "150" },
    "page-mb": { type: "string", default: "5" },
  },
});

const RSS_TARGET_MB = 400;
const LIVENESS_TARGET_MS = 2000;
const IP = "203.0.113.40";

assertBuilt();
const saves = Number(values.saves);
const pages = await startLargePageServer(await freePort(), Number(values["page-mb"]) * 1024 * 1024 - 64 * 1024);
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-burst-"));
const app = await startApp({
  port: await freePort(),
  env: { DATA_DIR: dataDir, UNFURL_ALLOWED_HOSTS: new URL(pages.origin).host },
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
    expectTitled: Math.min(saves + 1, PAGE_FETCH_BUDGET.limit),
    pagesRequested: () => pages.requests.length,
  });
  console.log(describeBurst(result));
  const growth = result.peakMb - result.baselineMb;
  console.log(
    `RSS growth ${Math.round(growth)} MB: target under ${RSS_TARGET_MB} MB ${growth < RSS_TARGET_MB ? "met" : "MISSED"}`,
  );
  console.log(
    `slowest liveness probe ${Math.round(result.liveness.maxMs)} ms: target under ${LIVENESS_TARGET_MS} ms ${
      result.liveness.maxMs < LIVENESS_TARGET_MS && result.liveness.failed === 0 ? "met" : "MISSED"
    }`,
  );
} catch (error) {
  console.error(`server log (tail):\n${app.log().slice(-4000)}`);
  throw error;
} finally {
  await app.stop();
  await pages.close();
  rmSync(dataDir, { recursive: true, force: true });
}
