// Many instances, one database: three instances of the built app behind HAProxy (round-robin), all
// reaching PostgreSQL through one PgBouncer in transaction mode and migrating through the direct URL,
// as a scaled-out deployment runs them. Sessions, the save-and-list load, the cron route and the abuse
// limits must behave as on one instance. Needs `npx next build`, haproxy and pgbouncer.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_PROXY_HOPS, countLinks, runSaveAndList, signInClients, summarize } from "@/bench/load/load";
import { type ResendFake, startResendFake } from "@/tests/fakes/resend-fake";
import { assertBuilt, magicLinkIn, signInOverHttp } from "@/tests/support/built-app";
import { type Cluster, startCluster } from "@/tests/support/cluster";

const INSTANCES = 3;
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DATABASE = `linkstash_instances_${process.pid}`;
const directUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${DATABASE}` }).toString();
// The test process seeds and reads the same database directly, through the app's own modules
// (imported below, once DATABASE_URL names it).
process.env.DATABASE_URL = directUrl;

async function admin(sql: string): Promise<void> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

let cluster: Cluster;
let fake: ResendFake;
let dataDir: string;

/** The newest sign-in link the fake provider received for the address. */
async function magicLink(email: string): Promise<string | undefined> {
  return fake.sent
    .filter((message) => message.to.includes(email))
    .map((message) => magicLinkIn(message.text))
    .findLast(Boolean);
}

function instanceUrls(): string[] {
  return cluster.instances.map((instance) => instance.url);
}

async function json<T>(res: Response): Promise<T> {
  const body: T = await res.json();
  return body;
}

beforeAll(async () => {
  assertBuilt();
  await admin(`CREATE DATABASE "${DATABASE}"`);
  dataDir = mkdtempSync(path.join(tmpdir(), "linkstash-instances-"));
  fake = await startResendFake({ latencyMs: 40 });
  cluster = await startCluster({
    instances: INSTANCES,
    directUrl,
    env: {
      DATA_DIR: dataDir,
      TRUSTED_PROXY_HOPS: CLIENT_PROXY_HOPS.balanced,
      MAIL_TRANSPORT: "resend",
      RESEND_API_KEY: "re_test_instances",
      RESEND_BASE_URL: fake.url,
      EMAIL_FROM: "LinkStash <digest@linkstash.test>",
    },
  });
});

afterEach(({ task }) => {
  if (task.result?.state !== "fail") return;
  for (const instance of cluster.instances) console.error(`${instance.url} (tail):\n${instance.log().slice(-3000)}`);
});

afterAll(async () => {
  await cluster?.stop();
  await fake?.close();
  const { closeDb } = await import("@/lib/db/client");
  await closeDb();
  await admin(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe(`${INSTANCES} instances behind HAProxy, through PgBouncer in transaction mode`, () => {
  it("the balancer sends consecutive requests to each instance in turn", async () => {
    const servedBy: string[] = [];
    for (let i = 0; i < 2 * INSTANCES; i += 1) {
      const res = await fetch(`${cluster.url}/api/health`);
      expect(res.status).toBe(200);
      servedBy.push(res.headers.get("x-served-by") ?? "");
    }
    expect(new Set(servedBy)).toEqual(new Set(["app0", "app1", "app2"]));
  });

  it("a session made across instances works on every instance, and ends on all of them", async () => {
    const [first = "", second = "", third = ""] = instanceUrls();
    const email = "hopper@example.com";
    // The CSRF token from the first, the form post to the second, the link opened on the third.
    const cookie = await signInOverHttp(cluster.url, email, "203.0.113.10", {
      servers: [first, second, first, third],
      magicLink,
    });
    for (const url of instanceUrls()) {
      const res = await fetch(`${url}/api/auth/user`, { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(await json<{ email: string }>(res)).toMatchObject({ email });
    }

    const saved = await fetch(`${first}/api/links`, {
      method: "POST",
      headers: { cookie, origin: cluster.url, "content-type": "application/json" },
      body: JSON.stringify({ url: "https://hopper.example/saved-on-the-first" }),
    });
    expect(saved.status).toBe(201);
    for (const url of [second, third]) {
      const today = await json<{ url: string }[]>(await fetch(`${url}/api/links/today`, { headers: { cookie } }));
      expect(today.map((link) => link.url)).toEqual(["https://hopper.example/saved-on-the-first"]);
    }

    const signOut = await fetch(`${second}/api/logout`, { headers: { cookie }, redirect: "manual" });
    expect(signOut.status).toBe(303);
    for (const url of instanceUrls()) {
      expect((await fetch(`${url}/api/auth/user`, { headers: { cookie } })).status).toBe(401);
    }
  });

  it("the save-and-list load (bench:load) through the balancer: no errors, one link per 2xx save", async () => {
    const cookies = await signInClients(cluster.url, 24, { magicLink });
    const before = await countLinks(directUrl);
    const statsBefore = await cluster.balancer.serverStats();
    const result = await runSaveAndList(cluster.url, cookies, 8);
    const { requests, errors, saves } = summarize(result);
    const stored = (await countLinks(directUrl)) - before;
    console.log(`instances: ${requests} requests in ${result.elapsed.toFixed(1)} s, ${errors} errors, ${saves} saves`);
    expect(errors).toBe(0);
    expect(saves).toBeGreaterThan(0);
    expect(stored).toBe(saves);
    // Every instance took its share, and none answered 5xx.
    const statsAfter = await cluster.balancer.serverStats();
    for (const server of statsAfter) {
      const earlier = statsBefore.find((entry) => entry.name === server.name);
      expect(server.requests - (earlier?.requests ?? 0)).toBeGreaterThan(requests / INSTANCES / 2);
      expect(server.responses5xx).toBe(0);
    }
  });

  it("the cron route called on every instance at once sends each due digest exactly once", async () => {
    const { createDueUsers } = await import("@/tests/support/digest-fixtures");
    const { getDb } = await import("@/lib/db/client");
    // Three batches of 100 (one provider call each) for the three instances to claim.
    const due = 300;
    const emails = await createDueUsers(due, new Date(Date.now() - 60_000), 2, "cron");
    const callCron = async (url: string) => {
      const res = await fetch(`${url}/api/cron/digests`, {
        headers: { authorization: `Bearer ${cluster.cronSecret}` },
      });
      expect(res.status).toBe(200);
      return json<{ due: number; sent: number; failed: number; left: number }>(res);
    };

    const results = await Promise.all(instanceUrls().map(callCron));
    expect(results.reduce((sum, result) => sum + result.due, 0)).toBe(due);
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(due);
    expect(results.map((result) => result.failed)).toEqual([0, 0, 0]);

    // Called again everywhere: nothing is due or left, nothing more goes out. (A run's own `left` is
    // counted when it stops and may include batches another instance was still sending.)
    const again = await Promise.all(instanceUrls().map(callCron));
    expect(again.map(({ sent, left }) => ({ sent, left }))).toEqual(Array(INSTANCES).fill({ sent: 0, left: 0 }));

    const received = new Map<string, number>();
    for (const message of fake.sent)
      for (const to of message.to) if (to.startsWith("cron-")) received.set(to, (received.get(to) ?? 0) + 1);
    expect(received.size).toBe(due);
    expect([...received.values()].every((count) => count === 1)).toBe(true);
    expect(new Set(received.keys())).toEqual(new Set(emails));
    const deliveries = await getDb().digestDelivery.groupBy({
      by: ["status"],
      where: { user: { email: { in: emails } } },
      _count: true,
    });
    expect(deliveries).toEqual([{ status: "sent", _count: due }]);
  });

  it("per-user and per-IP limits hold across instances, under concurrent requests", async () => {
    const { CATEGORY_RATE_LIMITS } = await import("@/lib/categories/service");
    const { perUser, perIp } = CATEGORY_RATE_LIMITS;
    const sharedIp = "198.51.100.7";
    const users = perIp.limit / perUser.limit + 1;
    const cookies: string[] = [];
    for (let i = 0; i < users; i += 1)
      cookies.push(await signInOverHttp(cluster.url, `limited-${i}@example.com`, `203.0.113.${20 + i}`, { magicLink }));

    /** `count` category creations by one user from one address, all at once, through the balancer. */
    const createCategories = async (cookie: string, ip: string, count: number, label: string) =>
      Promise.all(
        Array.from({ length: count }, async (_, n) => {
          const res = await fetch(`${cluster.url}/api/categories`, {
            method: "POST",
            headers: { cookie, origin: cluster.url, "content-type": "application/json", "x-forwarded-for": ip },
            body: JSON.stringify({ name: `${label} ${n}` }),
          });
          return { status: res.status, servedBy: res.headers.get("x-served-by") };
        }),
      );
    const statuses = (answers: { status: number }[]) => answers.map((answer) => answer.status).sort();

    // One user over its limit: exactly the limit is allowed, whichever instances answered.
    const [firstCookie = "", ...others] = cookies;
    const lastCookie = others.pop() ?? "";
    const overUser = await createCategories(firstCookie, sharedIp, perUser.limit + 5, "first");
    expect(statuses(overUser)).toEqual([
      ...Array.from({ length: perUser.limit }, () => 201),
      ...Array.from({ length: 5 }, () => 429),
    ]);
    expect(new Set(overUser.map((answer) => answer.servedBy))).toEqual(new Set(["app0", "app1", "app2"]));

    // The refused ones used up nothing of the address: the others fill it exactly.
    for (const [i, cookie] of others.entries()) {
      expect(statuses(await createCategories(cookie, sharedIp, perUser.limit, `other ${i}`))).toEqual(
        Array.from({ length: perUser.limit }, () => 201),
      );
    }
    // The address is full: a user with allowance left is refused there, and allowed from elsewhere.
    expect(statuses(await createCategories(lastCookie, sharedIp, 1, "last"))).toEqual([429]);
    expect(statuses(await createCategories(lastCookie, "198.51.100.8", 1, "last elsewhere"))).toEqual([201]);
  });
});
