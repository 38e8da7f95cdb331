// The save-and-list load of `npm run bench:load`, shared with bench:scale and the many-instances test:
// one signed-in user per client (each from its own X-Forwarded-For address, so no abuse limit is
// shared), each client alternating POST /api/links and GET /api/links/today for S seconds, closed
// loop over node:http keep-alive connections; afterwards the database must hold exactly one link
// per 2xx save.
import http from "node:http";
import { Client } from "pg";
import {
  clientAddress,
  closedLoop,
  ms,
  newStats,
  send,
  type Stats,
  statusSummary,
  timed,
} from "@/bench/support/http-load";
import { type SignInOptions, signInOverHttp } from "@/tests/support/built-app";

const SIGN_IN_CONCURRENCY = 8;
// Requests still open when the time is up get this long to finish before the run counts as failed.
const DRAIN_MS = 30_000;

export type LoadEndpoint = "POST /api/links" | "GET /api/links/today";

export type LoadResult = { elapsed: number; stats: Record<LoadEndpoint, Stats> };

/**
 * The load's clients all connect from this machine and each names an address of its own in
 * X-Forwarded-For, as a CDN in front would: the app trusts that one hop beyond the proxies the run
 * starts (none, or HAProxy), so per-client limits (20 sign-in emails per address) see them apart.
 */
export const CLIENT_PROXY_HOPS = { direct: "1", balanced: "2" } as const;

/** Signs in `clients` users through the magic link, a few at a time; returns their Cookie headers. */
export async function signInClients(appUrl: string, clients: number, options: SignInOptions = {}): Promise<string[]> {
  const cookies: string[] = new Array(clients);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < clients; i = next++)
      cookies[i] = await signInOverHttp(appUrl, `load-${i}@example.com`, clientAddress(i), options);
  };
  await Promise.all(Array.from({ length: Math.min(SIGN_IN_CONCURRENCY, clients) }, worker));
  return cookies;
}

/** Runs the load against `appUrl` (an instance or a balancer) with one client per cookie. */
export async function runSaveAndList(appUrl: string, cookies: string[], seconds: number): Promise<LoadResult> {
  const base = new URL(appUrl);
  const stats: Record<LoadEndpoint, Stats> = { "POST /api/links": newStats(), "GET /api/links/today": newStats() };
  const agent = new http.Agent({ keepAlive: true, maxSockets: cookies.length });
  try {
    const elapsed = await closedLoop({
      connections: cookies.length,
      seconds,
      drainMs: DRAIN_MS,
      // Each client alternates a save and a look at today's list.
      step: async (index, n) => {
        const headers = { cookie: cookies[index] ?? "", "x-forwarded-for": clientAddress(index) };
        if (n % 2 === 1)
          return timed(stats["GET /api/links/today"], () =>
            send(agent, base, { method: "GET", path: "/api/links/today", headers }),
          );
        // A loopback URL: the title fetcher refuses it, so saving sends no request off the machine.
        const body = JSON.stringify({ url: `http://127.0.0.1:9/load/${index}/${n}` });
        const saveHeaders = { ...headers, origin: appUrl, "content-type": "application/json" };
        return timed(stats["POST /api/links"], () =>
          send(agent, base, { method: "POST", path: "/api/links", headers: saveHeaders, body }),
        );
      },
    });
    return { elapsed, stats };
  } finally {
    agent.destroy();
  }
}

/** Links in the database, counted directly. */
export async function countLinks(databaseUrl: string): Promise<number> {
  const counter = new Client({ connectionString: databaseUrl });
  await counter.connect();
  const { rows } = await counter
    .query<{ count: string }>(`SELECT count(*) AS count FROM "Link"`)
    .finally(() => counter.end());
  return Number(rows[0]?.count ?? 0);
}

export type LoadSummary = { requests: number; errors: number; saves: number };

export function summarize({ stats }: LoadResult): LoadSummary {
  const entries = Object.values(stats);
  const requests = entries.reduce((sum, entry) => sum + entry.histogram.count, 0);
  const ok = entries.reduce((sum, entry) => sum + entry.ok, 0);
  return { requests, errors: requests - ok, saves: stats["POST /api/links"].ok };
}

/** Prints the per-endpoint table, the totals and the integrity check; true when both hold. */
export function printLoadReport(result: LoadResult, stored: number): boolean {
  const { elapsed, stats } = result;
  console.table(
    Object.entries(stats).map(([endpoint, entry]) => ({
      endpoint,
      requests: entry.histogram.count,
      "req/s": Math.round(entry.histogram.count / elapsed),
      "p50 ms": ms(entry.histogram.percentile(50)),
      "p99 ms": ms(entry.histogram.percentile(99)),
      "max ms": ms(entry.histogram.max),
      errors: entry.histogram.count - entry.ok,
      statuses: statusSummary(entry),
    })),
  );
  const { requests, errors, saves } = summarize(result);
  console.log(`total: ${requests} requests, ${Math.round(requests / elapsed)} req/s, ${errors} errors`);
  console.log(
    `integrity: ${stored} links in the database, ${saves} saves answered 2xx: ${stored === saves ? "equal" : "MISMATCH"}`,
  );
  return errors === 0 && stored === saves;
}
