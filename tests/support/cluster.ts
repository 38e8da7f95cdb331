// Several instances of the built app on one PostgreSQL database, as a serverless or scaled-out
// deployment runs it: each instance reaches the database through one PgBouncer in transaction mode
// (DATABASE_URL) and migrates through the direct URL (DIRECT_DATABASE_URL), and HAProxy spreads
// requests over them round-robin. All instances share APP_URL (the balancer's), AUTH_SECRET and
// CRON_SECRET, as the instances of one deployment do.
import { randomBytes } from "node:crypto";
import { type AppServer, freePort, startApp } from "@/tests/support/built-app";
import { type Balancer, startBalancer } from "@/tests/support/haproxy";
import { type PgBouncer, startPgBouncer } from "@/tests/support/pgbouncer";

/** Longer than HAProxy keeps an idle connection to an instance (its `timeout server`, haproxy.ts). */
const BACKEND_KEEP_ALIVE_MS = 120_000;

export type Cluster = {
  /** The balancer's URL: APP_URL of every instance. */
  url: string;
  instances: AppServer[];
  balancer: Balancer;
  pgbouncer: PgBouncer;
  cronSecret: string;
  stop: () => Promise<void>;
};

export type ClusterOptions = {
  instances: number;
  /** The database, reached directly (DIRECT_DATABASE_URL of the instances). */
  directUrl: string;
  /** More settings for every instance (mail transport, say). */
  env?: Record<string, string>;
};

/** Starts PgBouncer, the instances (all at once, so their start-up migrations race) and HAProxy. */
export async function startCluster({ instances, directUrl, env = {} }: ClusterOptions): Promise<Cluster> {
  const started: { stop: () => Promise<unknown> }[] = [];
  const stop = async () => {
    for (const part of started.splice(0).reverse()) await part.stop();
  };
  try {
    // PgBouncer's own default pool size.
    const pgbouncer = await startPgBouncer({ poolSize: 20, serverUrl: directUrl });
    started.push(pgbouncer);
    const balancerPort = await freePort();
    const url = `http://127.0.0.1:${balancerPort}`;
    const cronSecret = randomBytes(24).toString("base64url");
    const shared = {
      DATABASE_URL: pgbouncer.urlFor(directUrl),
      DIRECT_DATABASE_URL: directUrl,
      APP_URL: url,
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      CRON_SECRET: cronSecret,
      ...env,
    };
    const ports = [];
    for (let i = 0; i < instances; i += 1) ports.push(await freePort());
    // Node closes a keep-alive connection idle for 5 s by default: a request the balancer sends on it
    // at that moment is lost ("other side closed"). The instances must outwait the balancer.
    const serverArgs = ["--keepAliveTimeout", String(BACKEND_KEEP_ALIVE_MS)];
    const apps = await Promise.allSettled(ports.map((port) => startApp({ port, env: shared, serverArgs })));
    for (const app of apps) if (app.status === "fulfilled") started.push({ stop: () => app.value.stop("SIGTERM") });
    const failed = apps.find((app) => app.status === "rejected");
    if (failed) throw failed.reason;
    const running = apps.flatMap((app) => (app.status === "fulfilled" ? [app.value] : []));
    const balancer = await startBalancer({ port: balancerPort, backends: running.map((app) => app.url) });
    started.push(balancer);
    return { url, instances: running, balancer, pgbouncer, cronSecret, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
