// Odd input against the built app (decision 0162): dynamic segments that do not
// percent-decode made `next start` answer 500 before any handler ran, on every [param] route of
// app/api and the pages; so did a NUL in the sign-in email and `callbackUrl=%00` on the email
// callback. Every answer must be below 500 (the in-process fuzz suite covers what handlers see).
// Needs `npx next build`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, assertBuilt, freePort, signInOverHttp, startApp } from "@/tests/support/built-app";
import { NUL_VALUES, UNDECODABLE_SEGMENTS } from "@/tests/security/fuzz-arbitraries";
import { dynamicSegments, listDynamicPatterns, rawPattern } from "@/tests/security/route-inventory";

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

let app: AppServer;
let dataDir: string;
let cookie: string;

beforeAll(async () => {
  assertBuilt();
  dataDir = mkdtempSync(path.join(tmpdir(), "linkstash-odd-input-"));
  app = await startApp({ port: await freePort(), env: { DATA_DIR: dataDir } });
  cookie = await signInOverHttp(app.url, "odd-input@example.com", "203.0.113.90");
});

afterAll(async () => {
  await app?.stop("SIGKILL");
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

type Answer = { request: string; status: number; body: string };

async function send(method: string, rawPath: string, init: { headers?: Record<string, string>; body?: string } = {}) {
  const res = await fetch(`${app.url}${rawPath}`, {
    method,
    redirect: "manual",
    headers: { origin: app.url, cookie, "x-forwarded-for": "203.0.113.91", ...init.headers },
    body: init.body,
  });
  const body = method === "HEAD" ? "" : await res.text();
  return { request: `${method} ${rawPath}`, status: res.status, body: body.slice(0, 200) };
}

const serverErrors = (answers: Answer[]) =>
  answers.filter((answer) => answer.status >= 500).map((a) => `${a.request}: ${a.status} ${a.body}`);

describe("odd input on the built app", () => {
  it("finds the dynamic segments of app/api and the pages", () => {
    const patterns = listDynamicPatterns();
    expect(patterns).toEqual(expect.arrayContaining(["/api/links/[id]", "/invite/[code]", "/api/auth/[...nextauth]"]));
  });

  it("answers every dynamic segment that does not percent-decode below 500 (API: 400 with a JSON message)", async () => {
    const answers: Answer[] = [];
    for (const pattern of listDynamicPatterns()) {
      for (const segment of UNDECODABLE_SEGMENTS) {
        const paths = [rawPattern(pattern, segment)];
        // A catch-all takes the bad segment anywhere: first, or after a real action.
        if (dynamicSegments(pattern).some(({ catchAll }) => catchAll))
          paths.push(rawPattern(pattern, `signin/${segment}`), rawPattern(pattern, `callback/${segment}`));
        for (const rawPath of paths) {
          for (const method of METHODS) answers.push(await send(method, rawPath));
        }
      }
    }
    console.log(`undecodable segments: ${answers.length} requests, ${serverErrors(answers).length} 5xx`);
    expect(serverErrors(answers)).toEqual([]);
    for (const answer of answers.filter((a) => a.request.startsWith("POST /api/"))) {
      expect(answer.status, answer.request).toBe(400);
      expect(JSON.parse(answer.body), answer.request).toHaveProperty("message");
    }
  });

  it("answers an /api path that does not exist with 404 JSON by every method, signed in or out (no page, no sign-in redirect)", async () => {
    for (const path of [
      "/api/no-such-endpoint",
      "/api/links/x/no-such-part",
      "/api/v2/links",
      "/api/user/kindle/extra",
    ]) {
      for (const method of [...METHODS, "OPTIONS"]) {
        for (const withCookie of [true, false]) {
          const res = await fetch(`${app.url}${path}`, {
            method,
            redirect: "manual",
            headers: { origin: app.url, ...(withCookie ? { cookie } : {}) },
          });
          const label = `${method} ${path}${withCookie ? " signed in" : ""}`;
          expect(res.status, label).toBe(404);
          expect(res.headers.get("content-type"), label).toMatch(/^application\/json/);
          if (method !== "HEAD")
            expect(await res.json(), label).toEqual({
              code: "not_found",
              message: "There is no API endpoint at this path.",
            });
        }
      }
    }
  });

  it("answers a NUL in a sign-in field, and an unusable callbackUrl, below 500", async () => {
    const csrf = await fetch(`${app.url}/api/auth/csrf`, { headers: { cookie } });
    const csrfCookie = csrf.headers
      .getSetCookie()
      .map((line) => line.split(";")[0] ?? "")
      .join("; ");
    const { csrfToken }: { csrfToken: string } = await csrf.json();
    const headers = { cookie: `${cookie}; ${csrfCookie}` };
    const answers: Answer[] = [];
    const plain = { email: "odd-sign-in@example.com", csrfToken, callbackUrl: "/dashboard", json: "true" };
    for (const field of Object.keys(plain)) {
      for (const value of NUL_VALUES) {
        const fields = { ...plain, [field]: value };
        answers.push(
          await send("POST", "/api/auth/signin/email", {
            headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams(fields).toString(),
          }),
          await send("POST", "/api/auth/signin/email", {
            headers: { ...headers, "content-type": "application/json" },
            body: JSON.stringify(fields),
          }),
        );
      }
    }
    for (const query of [
      "callbackUrl=%00&token=x&email=odd%40example.com",
      "callbackUrl=%ED%A0%80&token=x&email=odd%40example.com",
      "callbackUrl=mailto%3Aa%40b.test&token=x&email=odd%40example.com",
      "token=x&email=%00",
      "token=%00&email=odd%40example.com",
    ]) {
      for (const method of ["GET", "POST"]) {
        answers.push(await send(method, `/api/auth/callback/email?${query}`, { headers }));
        answers.push(await send(method, `/api/auth/signin?${query}`, { headers }));
      }
    }
    answers.push(
      await send("GET", "/api/auth/session", {
        headers: { cookie: `${headers.cookie}; next-auth.callback-url=%00` },
      }),
    );
    console.log(`odd sign-in fields: ${answers.length} requests, ${serverErrors(answers).length} 5xx`);
    expect(serverErrors(answers)).toEqual([]);
  });
});
