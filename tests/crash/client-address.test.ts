// Per-address limits on the built app (decision 0160): `next start` passes a client's own
// X-Forwarded-For through unchanged, so a limit keyed on it reset with every new value the client
// made up. With TRUSTED_PROXY_HOPS=0 (the default) the socket's address counts; with N, the Nth
// address from the right of X-Forwarded-For, which the client cannot write. Needs `npx next build`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, assertBuilt, freePort, startApp } from "@/tests/support/built-app";

// Far more requests than any per-address limit of the sign-in or the email test lets through.
const ATTEMPTS = 40;

const dataDirs: string[] = [];
const running: AppServer[] = [];

async function start(env: Record<string, string>): Promise<AppServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "linkstash-client-address-"));
  dataDirs.push(dataDir);
  const app = await startApp({ port: await freePort(), env: { DATA_DIR: dataDir, ...env } });
  running.push(app);
  return app;
}

beforeAll(() => {
  assertBuilt();
});

afterEach(async () => {
  for (const app of running.splice(0)) await app.stop("SIGKILL");
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Magic-link requests for a new address each time, each with the X-Forwarded-For given; their statuses. */
async function requestSignInLinks(app: AppServer, forwardedFor: (i: number) => string): Promise<number[]> {
  const csrf = await fetch(`${app.url}/api/auth/csrf`);
  const cookie = csrf.headers
    .getSetCookie()
    .map((line) => line.split(";")[0] ?? "")
    .join("; ");
  const { csrfToken }: { csrfToken: string } = await csrf.json();
  const statuses: number[] = [];
  for (let i = 0; i < ATTEMPTS; i += 1) {
    const res = await fetch(`${app.url}/api/auth/signin/email`, {
      method: "POST",
      redirect: "manual",
      headers: {
        cookie,
        origin: app.url,
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": forwardedFor(i),
      },
      body: new URLSearchParams({ email: `visitor-${i}@example.com`, csrfToken, json: "true" }),
    });
    await res.arrayBuffer();
    statuses.push(res.status);
  }
  return statuses;
}

function testEmail(app: AppServer, email: string, forwardedFor: string): Promise<Response> {
  return fetch(`${app.url}/api/test/email`, {
    method: "POST",
    headers: { origin: app.url, "content-type": "application/json", "x-forwarded-for": forwardedFor },
    body: JSON.stringify({ email }),
  });
}

describe("the client address of a request", () => {
  it("is the socket's by default: a made-up X-Forwarded-For does not reset the sign-in limit", async () => {
    const app = await start({ TRUSTED_PROXY_HOPS: "0" });
    const statuses = await requestSignInLinks(app, (i) => `198.51.100.${i + 1}`);
    const firstRefused = statuses.indexOf(429);
    expect(firstRefused, `statuses: ${statuses.join(" ")}`).toBeGreaterThan(0);
    expect(statuses.slice(0, firstRefused).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(firstRefused).every((status) => status === 429)).toBe(true);
  });

  it("behind one proxy, is the address that proxy appended, whatever the client put before it", async () => {
    const app = await start({ TRUSTED_PROXY_HOPS: "1" });
    const statuses = await requestSignInLinks(app, (i) => `10.9.${i}.1, 203.0.113.77`);
    expect(statuses, statuses.join(" ")).toContain(429);
    // Another client behind the same proxy has an allowance of its own.
    const other = await requestSignInLinks(app, () => "203.0.113.78");
    expect(other[0]).toBe(200);
  });

  it("counts the email test per client too", async () => {
    const app = await start({ TRUSTED_PROXY_HOPS: "0" });
    const statuses: number[] = [];
    for (let i = 0; i < ATTEMPTS; i += 1) {
      const res = await testEmail(app, `tester-${i}@example.com`, `192.0.2.${i + 1}`);
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses, statuses.join(" ")).toContain(429);
  });
});
