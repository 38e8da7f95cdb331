import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type APIResponse, type Page } from "@playwright/test";
import { billingBaseURL } from "./billing-servers";
import { signUpAndOnboard, uniqueEmail } from "./support";

// Security headers and cookies of the built app (plain http on the suite's server), and of an
// instance whose APP_URL is https, as behind a TLS-terminating proxy (started here).

const HSTS = "max-age=63072000; includeSubDomains";

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = "", ...sources]) => [name, sources]),
  );
}

/** The nonce of a page's policy, checked against every <script> tag of its HTML. */
async function expectNoncedPage(response: APIResponse): Promise<string> {
  const csp = response.headers()["content-security-policy"] ?? "";
  const policy = directives(csp);
  const scriptSrc = policy.get("script-src") ?? [];
  const nonce = scriptSrc.map((source) => /^'nonce-([^']+)'$/.exec(source)?.[1]).find(Boolean);
  expect(nonce, csp).toBeTruthy();
  expect(scriptSrc).toContain("'strict-dynamic'");
  expect(csp).not.toContain("unsafe-eval");
  expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
  expect(policy.get("object-src")).toEqual(["'none'"]);
  expect(policy.get("base-uri")).toEqual(["'self'"]);
  expect(policy.get("form-action")).toEqual(["'self'"]);
  const scripts = (await response.text()).match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  return nonce ?? "";
}

function expectBaseline(headers: Record<string, string>) {
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["permissions-policy"]).toBe("camera=(), microphone=(), geolocation=()");
}

/** Collects the browser's CSP complaints (console errors and securitypolicyviolation events). */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test.describe("over plain http", () => {
  test("a page: a fresh nonce per response on every script tag, no eval, no framing, no HSTS", async ({ request }) => {
    const first = await request.get("/");
    expect(first.status()).toBe(200);
    expectBaseline(first.headers());
    const nonce = await expectNoncedPage(first);
    expect(await expectNoncedPage(await request.get("/"))).not.toBe(nonce);
    expect(first.headers()["strict-transport-security"]).toBeUndefined();
    // No TLS here: upgrading would point every asset at a port that does not speak it.
    expect(first.headers()["content-security-policy"]).not.toContain("upgrade-insecure-requests");

    const missing = await request.get("/no-such-page");
    expect(missing.status()).toBe(404);
    await expectNoncedPage(missing);
  });

  test("an /api answer: the baseline headers and no-store, no page policy needed", async ({ request }) => {
    for (const path of ["/api/auth/check", "/api/health", "/api/auth/user"]) {
      const res = await request.get(path);
      expectBaseline(res.headers());
      expect(res.headers()["cache-control"]).toBe("no-store");
      expect(res.headers()["strict-transport-security"]).toBeUndefined();
    }
    const health = await request.get("/api/health");
    expect(health.status()).toBe(200);
    expect(await health.json()).toEqual({
      status: "ok",
      database: "reachable",
      version: expect.any(String),
      memory: { rssBytes: expect.any(Number), heapUsedBytes: expect.any(Number), heapTotalBytes: expect.any(Number) },
    });
  });

  test("static assets get the baseline headers and stay outside the page policy", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const asset = /\/_next\/static\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const res = await request.get(asset ?? "");
    expect(res.status()).toBe(200);
    expect(res.headers()["x-content-type-options"]).toBe("nosniff");
    expect(res.headers()["content-security-policy"]).toBeUndefined();
    expect(res.headers()["cache-control"]).toContain("immutable");
  });

  test("the pages work under their policy: landing, sign-in, pricing, a signed-in dashboard", async ({ page }) => {
    const violations = watchCsp(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Stash links now, Read them later" })).toBeVisible();
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "Send sign-in link" })).toBeEnabled();
    // The signed-out upgrade button (on the server with billing on) is a GET form to /api/login:
    // form-action 'self' lets it through.
    await page.goto(`${billingBaseURL}/pricing`);
    await page.getByRole("button", { name: "Upgrade to Pro - $25/year" }).click();
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fpricing$/);

    await signUpAndOnboard(page);
    await expect(page.getByRole("heading", { name: "Today's Stash" })).toBeVisible();
    // Radix injects <style> elements and style attributes for menus (scroll lock, positioning).
    await page.getByRole("button", { name: /^Account menu for/ }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    await page.keyboard.press("Escape");
    await page.getByLabel("URL").fill("example.test/csp");
    await page.getByRole("button", { name: "Save link" }).click();
    await expect(page.getByText("Link saved successfully!", { exact: true }).first()).toBeVisible();
    expect(violations).toEqual([]);
  });

  test("the session cookie is HttpOnly and SameSite=Lax (not Secure over http)", async ({ page, context }) => {
    await signUpAndOnboard(page, uniqueEmail("cookie"));
    const session = (await context.cookies()).find((cookie) => cookie.name === "next-auth.session-token");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: false, path: "/" });
  });

  test("the developer mailbox: its own policy without scripts, and the pages still work", async ({
    page,
    request,
    baseURL,
  }) => {
    const email = uniqueEmail("mailbox");
    const sent = await request.post("/api/test/email", {
      data: { email },
      headers: {
        origin: new URL(baseURL ?? "").origin,
        "x-forwarded-for": `198.51.100.${Math.floor(Math.random() * 250) + 1}`,
      },
    });
    expect(sent.status()).toBe(200);
    const res = await request.get("/dev/mailbox");
    const policy = directives(res.headers()["content-security-policy"] ?? "");
    expect(policy.get("default-src")).toEqual(["'none'"]);
    expect(policy.has("script-src")).toBe(false);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("sandbox")).not.toContain("allow-scripts");

    const violations = watchCsp(page);
    await page.goto("/dev/mailbox");
    await page.getByLabel("Recipient").fill(email);
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(new RegExp(`to=${encodeURIComponent(email)}`));
    await page.locator("td a").first().click();
    await expect(page.getByRole("heading", { name: "Plain text" })).toBeVisible();
    await expect(page.frameLocator("iframe").locator("body")).not.toBeEmpty();
    expect(violations).toEqual([]);
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

test.describe("with an https APP_URL (TLS ends at a proxy in front)", () => {
  let server: ChildProcess | undefined;
  let origin = "";
  let publicOrigin = "";
  const dataDir = path.join(tmpdir(), `linkstash-e2e-https-${process.pid}`);

  test.beforeAll(async () => {
    const port = await freePort();
    origin = `http://localhost:${port}`;
    publicOrigin = `https://localhost:${port}`;
    rmSync(dataDir, { recursive: true, force: true });
    server = spawn(
      process.execPath,
      [path.join("node_modules", "next", "dist", "bin", "next"), "start", "-p", String(port)],
      {
        env: {
          ...process.env,
          APP_URL: publicOrigin,
          PORT: String(port),
          DATA_DIR: dataDir,
          MAIL_TRANSPORT: "mailbox",
          DATABASE_URL: "",
        },
        stdio: "ignore",
      },
    );
    await expect
      .poll(async () => (await fetch(`${origin}/api/health`).catch(() => null))?.status ?? 0, { timeout: 60_000 })
      .toBe(200);
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("pages and API routes send HSTS; the page policy upgrades insecure requests", async () => {
    const page = await fetch(`${origin}/`);
    expect(page.headers.get("strict-transport-security")).toBe(HSTS);
    expect(page.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
    for (const route of ["/api/health", "/api/login", "/api/auth/csrf"]) {
      const res = await fetch(`${origin}${route}`, { redirect: "manual" });
      expect(res.headers.get("strict-transport-security"), route).toBe(HSTS);
    }
  });

  test("next-auth's cookies are HttpOnly, SameSite=Lax, Secure and prefixed; logout clears the session cookie alike", async () => {
    const csrf = await fetch(`${origin}/api/auth/csrf`);
    const { csrfToken }: { csrfToken: string } = await csrf.json();
    const csrfCookie = csrf.headers.getSetCookie().find((cookie) => cookie.startsWith("__Host-next-auth.csrf-token="));
    expect(csrfCookie).toMatch(/; HttpOnly; Secure; SameSite=Lax$/);

    const email = uniqueEmail("https");
    const signIn = await fetch(`${origin}/api/auth/signin/email`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: (csrfCookie ?? "").split(";")[0] ?? "" },
      body: new URLSearchParams({ email, csrfToken, json: "true" }),
    });
    expect(signIn.status).toBe(200);
    let link: string | undefined;
    await expect
      .poll(async () => {
        const messages: { text: string }[] = await (
          await fetch(`${origin}/dev/mailbox?format=json&to=${encodeURIComponent(email)}`)
        ).json();
        link = messages[0]?.text.match(/https:\/\/\S+\/login\/confirm\?\S+/)?.[0];
        return link !== undefined;
      })
      .toBe(true);

    // The link's page signs in with a same-origin POST to next-auth's callback (docs/decisions/0140).
    const callback = await fetch(`${origin}/api/auth/callback/email${new URL(link ?? "").search}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: publicOrigin },
    });
    expect(callback.headers.get("location")).toBe(`${publicOrigin}/dashboard`);
    const session = callback.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("__Secure-next-auth.session-token="));
    expect(session).toMatch(/; HttpOnly; Secure; SameSite=Lax$/);

    const logout = await fetch(`${origin}/api/logout`, {
      redirect: "manual",
      headers: { cookie: (session ?? "").split(";")[0] ?? "" },
    });
    const cleared = logout.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("__Secure-next-auth.session-token=;"));
    expect(cleared).toMatch(/Max-Age=0/);
    expect(cleared).toMatch(/HttpOnly/);
    expect(cleared).toMatch(/Secure/);
    expect(cleared).toMatch(/SameSite=Lax/i);
  });
});
