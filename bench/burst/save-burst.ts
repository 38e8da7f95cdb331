// A burst of saves of one large page, against the built app, with the server's memory and liveness
// sampled throughout (decision 0301). Shared by the crash test that runs it in a 512 MB memory group
// (tests/crash/save-burst-memory.test.ts) and `npm run bench:burst`.
import { createServer, type Server } from "node:http";
import { ownRssMb, peakRssMb, treeRssMb } from "@/bench/support/process-memory";
import { type AppServer, postLink } from "@/tests/support/built-app";

const MB = 1024 * 1024;
/** Samples of the idle server, 100 ms apart, whose highest is the burst's baseline. */
const BASELINE_SAMPLES = 30;
/** A liveness probe not answered by then has failed. */
const PROBE_TIMEOUT_MS = 10_000;

/** An ordinary article page of about `bytes`: headings and paragraphs, nothing hostile. */
export function largeArticlePage(title: string, bytes: number): string {
  const paragraph = (i: number) =>
    `<p>Paragraph ${i} of a long and ordinary article: the quick brown fox jumps over the lazy dog, ` +
    `and the river runs on past the mill, the bridge and the meadow where the children play.</p>\n`;
  const parts: string[] = [
    `<!doctype html><html lang="en"><head><title>${title}</title>`,
    `<meta name="author" content="A Writer"></head><body><article><h1>${title}</h1>\n`,
  ];
  let size = parts.join("").length;
  for (let i = 0; size < bytes - 100; i += 1) {
    const piece = (i % 40 === 0 ? `<h2>Section ${i / 40}</h2>\n` : "") + paragraph(i);
    parts.push(piece);
    size += piece.length;
  }
  parts.push("</article></body></html>");
  return parts.join("");
}

export type PageServer = { origin: string; requests: string[]; close: () => Promise<void> };

/** Serves a ~`bytes` article on 127.0.0.1 at every path, titled after the path. */
export async function startLargePageServer(port: number, bytes = 5 * MB - 64 * 1024): Promise<PageServer> {
  const body = largeArticlePage("BODY_TITLE", bytes);
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? "");
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(body.replace("BODY_TITLE", `Burst ${req.url ?? ""}`));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type LinkJson = { id: string; url: string; title: string | null };

/** The user's links (every history page). */
async function userLinks(app: AppServer, cookie: string): Promise<LinkJson[]> {
  const links: LinkJson[] = [];
  let next: string | null = "/api/links/history?limit=50";
  for (let page = 0; next && page < 100; page += 1) {
    const res: Response = await fetch(`${app.url}${next}`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`GET ${next} answered ${res.status}`);
    links.push(...((await res.json()) as LinkJson[]));
    next = res.headers.get("link")?.match(/<([^>]+)>;\s*rel="next"/)?.[1] ?? null;
  }
  return links;
}

/** Saves `url` as the user over HTTP; the status. */
export async function saveOverHttp(app: AppServer, cookie: string, ip: string, url: string): Promise<number> {
  const res = await postLink(app.url, cookie, ip, url);
  await res.arrayBuffer();
  return res.status;
}

/** Waits until `count` of the user's links have a title (polling each second, up to `limitMs`). */
export async function waitForTitles(
  app: AppServer,
  cookie: string,
  count: number,
  limitMs: number,
  progress?: (titled: number) => void,
  /** Also stop when this says so (every fetch the budget allows was made, and titles stopped coming). */
  settled: () => boolean = () => false,
): Promise<number> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const titled = (await userLinks(app, cookie)).filter((link) => link.title !== null).length;
    progress?.(titled);
    if (titled >= count || settled() || Date.now() > deadline) return titled;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

export type BurstResult = {
  saves: number;
  statuses: Record<number, number>;
  /** The server tree's resident memory before the burst, and its highest sample during it. */
  baselineMb: number;
  peakMb: number;
  /** The server process alone, without its children: before the burst and its highest sample. */
  serverBaselineMb: number;
  serverPeakMb: number;
  /** The server process's own VmHWM at the end (its all-time peak, start-up included). */
  serverHwmMb: number;
  /** `slowestAtS`: seconds from the first save to the slowest probe's start. */
  liveness: { samples: number; failed: number; p50Ms: number; p99Ms: number; maxMs: number; slowestAtS: number };
  /** Seconds from the first save until `titled` links had their title. */
  seconds: number;
  titled: number;
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

/**
 * Saves `saves` links to the page server at once as one user, then waits until `expectTitled` of
 * the user's links have their title, sampling the server tree's memory and timing its liveness
 * probe every 100 ms from the first save to the end.
 */
export async function runSaveBurst({
  app,
  cookie,
  ip,
  pageOrigin,
  saves,
  expectTitled,
  pagesRequested,
  limitMs = 20 * 60_000,
  duringFlood = async () => {},
}: {
  app: AppServer;
  cookie: string;
  ip: string;
  pageOrigin: string;
  saves: number;
  /** Titles to wait for: the user's page-fetch budget's worth (a fetch that fails gives none). */
  expectTitled: number;
  /** How many pages the page server was asked for so far. */
  pagesRequested: () => number;
  limitMs?: number;
  /** Another activity started with the saves (a hostile mail, say); the burst ends when it has too. */
  duringFlood?: () => Promise<void>;
}): Promise<BurstResult> {
  // The baseline is the highest of the samples over a quiet moment: one reading can fall in a dip
  // (the kernel trimming a page or two of the server's), which would count as the burst's growth.
  let baselineMb = 0;
  let serverBaselineMb = 0;
  for (let sample = 0; sample < BASELINE_SAMPLES; sample += 1) {
    baselineMb = Math.max(baselineMb, treeRssMb(app.pid));
    serverBaselineMb = Math.max(serverBaselineMb, ownRssMb(app.pid));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  let peakMb = baselineMb;
  let serverPeakMb = serverBaselineMb;
  const probes: number[] = [];
  let slowestMs = -1;
  let slowestAtS = NaN;
  let failedProbes = 0;
  let sampling = true;
  const floodStarted = performance.now();
  const sampler = (async () => {
    while (sampling) {
      peakMb = Math.max(peakMb, treeRssMb(app.pid));
      serverPeakMb = Math.max(serverPeakMb, ownRssMb(app.pid));
      const started = performance.now();
      // A new connection each time: a kept-alive one can be closed by the server as a probe starts.
      // A probe that hangs counts as failed rather than holding the sampling up.
      const probe = await fetch(`${app.url}/api/health/live`, {
        headers: { connection: "close" },
        signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      }).catch(() => null);
      await probe?.arrayBuffer();
      if (probe?.status === 200) {
        const took = performance.now() - started;
        if (took > slowestMs) {
          slowestMs = took;
          slowestAtS = (started - floodStarted) / 1000;
        }
        probes.push(took);
      } else failedProbes += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const started = performance.now();
  let titled = 0;
  const statuses: Record<number, number> = {};
  const flood = async () => {
    const results = await Promise.all(
      Array.from({ length: saves }, (_, i) => saveOverHttp(app, cookie, ip, `${pageOrigin}/burst-${i}`)),
    );
    for (const status of results) statuses[status] = (statuses[status] ?? 0) + 1;
    let shown = 0;
    let last = -1;
    let unchanged = 0;
    const progress = (now: number) => {
      // A line per ten titles, for whoever watches a long run.
      if (now >= shown + 10)
        console.log(`  ${(shown = now)} titled after ${((performance.now() - started) / 1000).toFixed(0)} s`);
      unchanged = now === last ? unchanged + 1 : 0;
      last = now;
    };
    const settled = () => pagesRequested() >= expectTitled && unchanged >= 3;
    titled = await waitForTitles(app, cookie, expectTitled, limitMs, progress, settled);
  };
  try {
    await Promise.all([flood(), duringFlood()]);
  } finally {
    sampling = false;
    await sampler;
  }
  peakMb = Math.max(peakMb, treeRssMb(app.pid));
  const sorted = [...probes].sort((a, b) => a - b);
  return {
    saves,
    statuses,
    baselineMb,
    peakMb,
    serverBaselineMb,
    serverPeakMb,
    serverHwmMb: peakRssMb(app.pid),
    liveness: {
      samples: sorted.length,
      failed: failedProbes,
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      maxMs: sorted.at(-1) ?? NaN,
      slowestAtS,
    },
    seconds: (performance.now() - started) / 1000,
    titled,
  };
}

/** One line for the log. */
export function describeBurst(result: BurstResult): string {
  const mb = (value: number) => `${Math.round(value)} MB`;
  const ms = (value: number) => `${Math.round(value)} ms`;
  return (
    `${result.saves} saves (statuses ${JSON.stringify(result.statuses)}), ${result.titled} titled in ` +
    `${result.seconds.toFixed(1)} s; RSS (server and children) ${mb(result.baselineMb)} -> peak ` +
    `${mb(result.peakMb)} (+${mb(result.peakMb - result.baselineMb)}); the server alone ${mb(result.serverBaselineMb)} -> ` +
    `peak ${mb(result.serverPeakMb)} (+${mb(result.serverPeakMb - result.serverBaselineMb)}), its VmHWM ${mb(result.serverHwmMb)}; ` +
    `/api/health/live over ${result.liveness.samples} probes (${result.liveness.failed} failed): p50 ${ms(result.liveness.p50Ms)}, ` +
    `p99 ${ms(result.liveness.p99Ms)}, max ${ms(result.liveness.maxMs)} (at ${result.liveness.slowestAtS.toFixed(0)} s)`
  );
}
