// Memory benchmark: the built app's resident memory through a realistic day, beside a blank Next.js
// app of the same version (bench/memory/blank-app.ts). For each mode (the embedded database on a
// new data directory; PostgreSQL on a new empty database when DATABASE_URL names a server) the
// server is started through the app's launcher and taken through the phases below; after each one
// settles, VmRSS (idle) and VmHWM (peak, the process's high-water mark) are read from
// /proc/<pid>/status of the server process, and the RSS of the server with its child processes
// (the article extractor's) is read too, its peak sampled every 100 ms. Prints a markdown table and
// a verdict against the targets; a missed target is printed, not an exit code. Needs
// `npx next build`.
//
//   npm run bench:memory                                   # blank app and embedded database
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:memory   # and PostgreSQL
//   MEMORY_MODES=blank,embedded npm run bench:memory       # choose the modes
//   MEMORY_IMPORT_ROWS=2000 MEMORY_DIGEST_USERS=100 npm run bench:memory             # a quick run
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { Client } from "pg";
import { writePocketCsv } from "@/bench/import/generate-pocket-csv";
import { largeArticlePage } from "@/bench/burst/save-burst";
import { blankAppDir, nextVersion, startBlankApp } from "@/bench/memory/blank-app";
import { ownRssMb, peakRssMb, processTree, treeRssMb } from "@/bench/support/process-memory";
import { startResendFake } from "@/tests/fakes/resend-fake";
import {
  type AppServer,
  assertBuilt,
  freePort,
  historyUrls,
  magicLinkIn,
  REPO_ROOT,
  signInOverHttp,
  startApp,
} from "@/tests/support/built-app";

const MODES = ["blank", "embedded", "postgres"] as const;
type Mode = (typeof MODES)[number];

function isMode(name: string): name is Mode {
  return MODES.some((mode) => mode === name);
}

const serverUrl = process.env.DATABASE_URL;
const modes: Mode[] = (process.env.MEMORY_MODES ?? `blank,embedded${serverUrl ? ",postgres" : ""}`)
  .split(",")
  .map((name) => name.trim())
  .filter(isMode);
if (modes.length === 0) throw new Error(`MEMORY_MODES lists some of ${MODES.join(", ")}`);
if (modes.includes("postgres") && !serverUrl) throw new Error("the postgres mode needs DATABASE_URL (a server URL)");
const importRows = Number(process.env.MEMORY_IMPORT_ROWS ?? 20_000);
const digestUsers = Number(process.env.MEMORY_DIGEST_USERS ?? 1000);
if (!Number.isInteger(importRows) || importRows < 1) throw new Error("MEMORY_IMPORT_ROWS is a whole number");
if (!Number.isInteger(digestUsers) || digestUsers < 1) throw new Error("MEMORY_DIGEST_USERS is a whole number");

const ARTICLES = 5;
const ARTICLE_BYTES = 60 * 1024;
const SETTLE_MS = 5000;
const IDLE_MS = 60_000;
const SAMPLE_MS = 100;
const IP = "203.0.113.50";
const EMAIL = "bench-memory@example.com";
const CRON_SECRET = "bench-memory-cron-secret";
// The seeded readers' domain (bench/digests/database.ts): their digests are counted by it.
const READER_DOMAIN = "@bench.example";
const EMBEDDED_IDLE_TARGET_MB = 200;
const EMBEDDED_PEAK_TARGET_MB = 400;

const PHASES = [
  { key: "new", label: "1. start-up, new data directory (PostgreSQL: new empty database)" },
  { key: "existing", label: "2. start-up on the same data again" },
  { key: "pages", label: "3. sign in, every signed-in page" },
  { key: "import", label: `4. import ${importRows.toLocaleString("en-US")} Pocket rows` },
  { key: "history", label: `5. History at ${importRows.toLocaleString("en-US")} links` },
  { key: "articles", label: `6. ${ARTICLES} articles extracted and read` },
  { key: "digests", label: `7. digest run for ${digestUsers.toLocaleString("en-US")} users` },
  { key: "idle", label: `8. idle after ${IDLE_MS / 1000} s` },
] as const;
type PhaseKey = (typeof PHASES)[number]["key"];

// The pages a signed-in user opens from the app's navigation (app/(app), app/save, app/share); the
// reader (/read/<id>) is opened for each article in phase 6.
const SIGNED_IN_PAGES = ["/dashboard", "/history", "/settings", "/invitations", "/save", "/share"];

type Reading = { idle: number; peak: number; treeIdle: number; treePeak: number };

/**
 * Watches one server process: the highest RSS of its tree, sampled, since the process started (as
 * VmHWM is for the process itself); `read` reads the figures now.
 */
function watch(server: AppServer): { read: () => Reading; stop: () => void } {
  // The launcher execs node, and Next names its server process: the pid read must be that process,
  // not a shell or a parent that forked the server.
  const title = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")[0] ?? "";
  if (!title(server.pid).startsWith("next-server"))
    throw new Error(`process ${server.pid} is not the Next server: ${title(server.pid)}`);
  if (processTree(server.pid).some((pid) => pid !== server.pid && title(pid).startsWith("next-server")))
    throw new Error(`process ${server.pid} forked another Next server`);
  let treePeak = treeRssMb(server.pid);
  const timer = setInterval(() => (treePeak = Math.max(treePeak, treeRssMb(server.pid))), SAMPLE_MS);
  return {
    read: () => {
      const treeIdle = treeRssMb(server.pid);
      const peak = peakRssMb(server.pid);
      // Sampling starts once the server answers: its own high-water mark covers the start-up before.
      treePeak = Math.max(treePeak, treeIdle, peak);
      return { idle: ownRssMb(server.pid), peak, treeIdle, treePeak };
    },
    stop: () => clearInterval(timer),
  };
}

async function settledReading(read: () => Reading, server: AppServer, phase: string): Promise<Reading> {
  await sleep(SETTLE_MS);
  const reading = read();
  const children = processTree(server.pid).length - 1;
  console.log(
    `  ${phase}: idle ${Math.round(reading.idle)} MB, peak ${Math.round(reading.peak)} MB, with ${children} ` +
      `child process(es) ${Math.round(reading.treeIdle)} MB (peak ${Math.round(reading.treePeak)} MB)`,
  );
  return reading;
}

async function expectOk(res: Response, what: string): Promise<string> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${text.slice(0, 500)}`);
  return text;
}

/** The blank app: started (its page loaded), restarted, then left idle. */
async function blankDay(): Promise<Map<PhaseKey, Reading>> {
  const dir = await blankAppDir();
  const readings = new Map<PhaseKey, Reading>();
  const port = await freePort();
  console.log("blank Next.js app");
  for (const key of ["new", "existing"] as const) {
    const server = await startBlankApp(dir, port);
    let watcher: ReturnType<typeof watch> | undefined;
    try {
      watcher = watch(server);
      await expectOk(await fetch(server.url), "the blank page");
      readings.set(key, await settledReading(watcher.read, server, key));
      if (key === "existing") {
        await sleep(IDLE_MS - SETTLE_MS);
        readings.set("idle", await settledReading(watcher.read, server, "idle"));
      }
    } finally {
      watcher?.stop();
      await server.stop();
    }
  }
  return readings;
}

/** Serves an ordinary article page at every path, titled after the path. */
async function startArticleServer(port: number): Promise<{ origin: string; close: () => Promise<void> }> {
  const body = largeArticlePage("ARTICLE_TITLE", ARTICLE_BYTES);
  const server: Server = createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(body.replaceAll("ARTICLE_TITLE", `Article ${req.url ?? ""}`));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Runs bench/digests/database.ts (the digest benchmark's seeding) in a process of its own. */
function seedReaders(env: NodeJS.ProcessEnv): Promise<void> {
  const args = ["seed", "--users", String(digestUsers), "--links", "3"];
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...process.execArgv, path.join(REPO_ROOT, "bench", "digests", "database.ts"), ...args],
      { cwd: REPO_ROOT, env, stdio: ["ignore", "ignore", "inherit"] },
    );
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`seeding exited with ${code}`))));
  });
}

async function admin(sql: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

/** The app's day in one mode, on a new data directory or a new empty PostgreSQL database. */
async function appDay(mode: "embedded" | "postgres"): Promise<Map<PhaseKey, Reading>> {
  console.log(mode === "embedded" ? "LinkStash, embedded database" : "LinkStash, PostgreSQL");
  const readings = new Map<PhaseKey, Reading>();
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-memory-data-"));
  const workDir = mkdtempSync(path.join(tmpdir(), "bench-memory-files-"));
  const databaseName = `bench_memory_${process.pid}`;
  let databaseUrl: string | undefined;
  if (mode === "postgres") {
    await admin(`CREATE DATABASE "${databaseName}"`);
    const url = new URL(serverUrl ?? "");
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  const mail = await startResendFake({ port: await freePort() });
  const articles = await startArticleServer(await freePort());
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    RESEND_API_KEY: "re_bench_memory",
    RESEND_BASE_URL: mail.url,
    EMAIL_FROM: "LinkStash <digest@linkstash.test>",
    // Far above what one server sends: the run is as fast, and as busy, as the server can make it.
    MAIL_RATE_PER_SECOND: "10000",
    CRON_SECRET,
    DIGEST_SCHEDULER: "external",
    UNFURL_ALLOWED_HOSTS: new URL(articles.origin).host,
  };
  const port = await freePort();
  let app: AppServer | undefined;
  let watcher: ReturnType<typeof watch> | undefined;
  const start = async () => {
    app = await startApp({ port, env });
    watcher = watch(app);
    await expectOk(await fetch(app.url), "the landing page");
    return { server: app, read: watcher.read };
  };
  const stop = async () => {
    watcher?.stop();
    await app?.stop();
    app = undefined;
  };
  try {
    let { server, read } = await start();
    readings.set("new", await settledReading(read, server, "new"));
    await stop();

    // The embedded database has one owner: the readers are seeded while the server is stopped.
    // Only this mode's database: the server URL this benchmark was given must not be seeded.
    const { DATABASE_URL: _server, DIRECT_DATABASE_URL: _direct, ...inherited } = process.env;
    await seedReaders({ ...inherited, ...env, NODE_ENV: "production" });
    ({ server, read } = await start());
    readings.set("existing", await settledReading(read, server, "existing"));

    const cookie = await signInOverHttp(server.url, EMAIL, IP, {
      magicLink: async (email) =>
        magicLinkIn(mail.sent.findLast((message) => message.to.includes(email))?.text ?? null),
    });
    const headers = { cookie, origin: server.url, "content-type": "application/json", "x-forwarded-for": IP };
    const post = async (route: string, body: object) =>
      expectOk(
        await fetch(`${server.url}${route}`, { method: "POST", headers, body: JSON.stringify(body) }),
        `POST ${route}`,
      );
    await post("/api/user/onboard", { email: EMAIL, emailTime: 20, timezone: "UTC" });
    for (const page of SIGNED_IN_PAGES)
      await expectOk(await fetch(`${server.url}${page}`, { headers: { cookie } }), `GET ${page}`);
    readings.set("pages", await settledReading(read, server, "pages"));

    const csv = path.join(workDir, "pocket.csv");
    await writePocketCsv(csv, importRows);
    const answer = await expectOk(
      await fetch(`${server.url}/api/import?filename=part_000000.csv`, {
        method: "POST",
        headers: { cookie, origin: server.url, "x-forwarded-for": IP },
        body: readFileSync(csv),
      }),
      "the import",
    );
    const summary: { imported?: number } = JSON.parse(answer.trim().split("\n").at(-1) ?? "{}");
    const expected = importRows - Math.floor(importRows / 5000);
    if (summary.imported !== expected) throw new Error(`imported ${summary.imported}, expected ${expected}`);
    readings.set("import", await settledReading(read, server, "import"));

    await expectOk(await fetch(`${server.url}/history`, { headers: { cookie } }), "GET /history");
    const listed = (await historyUrls(server.url, cookie)).length;
    if (listed < expected) throw new Error(`history listed ${listed} links, expected ${expected}`);
    readings.set("history", await settledReading(read, server, "history"));

    for (let i = 0; i < ARTICLES; i += 1) {
      const saved: { link: { id: string } } = JSON.parse(
        await post("/api/links", { url: `${articles.origin}/article-${i}` }),
      );
      const id = saved.link.id;
      let status = "pending";
      for (let tries = 0; status === "pending" && tries < 240; tries += 1) {
        await sleep(500);
        const article: { status: string } = JSON.parse(
          await expectOk(
            await fetch(`${server.url}/api/links/${id}/article`, { headers: { cookie } }),
            "GET the article",
          ),
        );
        status = article.status;
      }
      if (status !== "ready") throw new Error(`article ${i} is ${status}`);
      await expectOk(await fetch(`${server.url}/read/${id}`, { headers: { cookie } }), `GET /read/${id}`);
    }
    readings.set("articles", await settledReading(read, server, "articles"));

    const run = await expectOk(
      await fetch(`${server.url}/api/cron/digests`, { headers: { authorization: `Bearer ${CRON_SECRET}` } }),
      "the cron run",
    );
    console.log(`  the cron run answered ${run}`);
    const { due }: { due?: number } = JSON.parse(run);
    if (due !== digestUsers) throw new Error(`the cron run found ${due} digests due, not ${digestUsers}`);
    const deadline = Date.now() + 600_000;
    const digests = () => mail.sent.filter((message) => message.to.some((to) => to.endsWith(READER_DOMAIN))).length;
    while (digests() < digestUsers) {
      if (Date.now() > deadline) throw new Error(`${digests()} of ${digestUsers} digests sent in 10 minutes`);
      await sleep(500);
    }
    readings.set("digests", await settledReading(read, server, "digests"));

    await sleep(IDLE_MS - SETTLE_MS);
    readings.set("idle", await settledReading(read, server, "idle"));
    return readings;
  } catch (error) {
    if (app) console.error(`server log (tail):\n${app.log().slice(-4000)}`);
    throw error;
  } finally {
    await stop();
    await articles.close();
    await mail.close();
    if (mode === "postgres") await admin(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(workDir, { recursive: true, force: true });
  }
}

const mb = (value: number | undefined) => (value === undefined ? "–" : String(Math.round(value)));

function table(results: Map<Mode, Map<PhaseKey, Reading>>): string {
  const apps = modes.filter((mode) => mode !== "blank");
  const header = ["phase"];
  if (results.has("blank")) header.push("blank idle", "blank peak");
  for (const mode of apps)
    header.push(`${mode} idle`, `${mode} peak`, `${mode} with children idle`, `${mode} with children peak`);
  const rows = PHASES.map(({ key, label }) => {
    const cells: string[] = [label];
    const blank = results.get("blank")?.get(key);
    if (results.has("blank")) cells.push(mb(blank?.idle), mb(blank?.peak));
    for (const mode of apps) {
      const reading = results.get(mode)?.get(key);
      cells.push(mb(reading?.idle), mb(reading?.peak), mb(reading?.treeIdle), mb(reading?.treePeak));
    }
    return cells;
  });
  return [header, header.map(() => "---"), ...rows].map((cells) => `| ${cells.join(" | ")} |`).join("\n");
}

function verdict(results: Map<Mode, Map<PhaseKey, Reading>>): string[] {
  const lines: string[] = [];
  const worst = (mode: Mode, field: keyof Reading) =>
    Math.max(...[...(results.get(mode)?.values() ?? [])].map((reading) => reading[field]));
  const children = (mode: Mode) =>
    `; with children, idle ${mb(worst(mode, "treeIdle"))} MB and peak ${mb(worst(mode, "treePeak"))} MB`;
  const met = (ok: boolean) => (ok ? "met" : "MISSED");
  if (results.has("embedded")) {
    const idle = worst("embedded", "idle");
    const peak = worst("embedded", "peak");
    lines.push(
      `embedded: highest idle ${mb(idle)} MB (target ≤ ${EMBEDDED_IDLE_TARGET_MB} MB) ${met(idle <= EMBEDDED_IDLE_TARGET_MB)}; ` +
        `peak ${mb(peak)} MB (target ≤ ${EMBEDDED_PEAK_TARGET_MB} MB) ${met(peak <= EMBEDDED_PEAK_TARGET_MB)}${children("embedded")}`,
    );
  }
  const blankIdle = results.get("blank")?.get("new")?.idle;
  if (results.has("postgres")) {
    const idle = worst("postgres", "idle");
    lines.push(
      blankIdle === undefined
        ? `postgres: highest idle ${mb(idle)} MB (no blank app measured to judge it against)`
        : `postgres: highest idle ${mb(idle)} MB (target ≤ 2 × the blank app's ${mb(blankIdle)} MB = ` +
            `${mb(2 * blankIdle)} MB) ${met(idle <= 2 * blankIdle)}${children("postgres")}`,
    );
  }
  return lines;
}

assertBuilt();
const started = performance.now();
const results = new Map<Mode, Map<PhaseKey, Reading>>();
for (const mode of modes) results.set(mode, mode === "blank" ? await blankDay() : await appDay(mode));

const variables = ["MEMORY_MODES", "MEMORY_IMPORT_ROWS", "MEMORY_DIGEST_USERS", "DATABASE_URL", "TEST_PORT_BASE"]
  .filter((name) => process.env[name] !== undefined)
  .map((name) => `${name}=${process.env[name]}`);
console.log(`\ncommand: ${[...variables, "npm run bench:memory"].join(" ")}`);
console.log(
  `Node ${process.version}, Next.js ${nextVersion()}, ${Math.round((performance.now() - started) / 1000)} s; ` +
    `MB; idle = VmRSS ${SETTLE_MS / 1000} s after the phase, peak = VmHWM since start-up (the server process); ` +
    `with children = the server and its child processes (idle, and the highest ${SAMPLE_MS} ms sample)\n`,
);
console.log(table(results));
console.log("");
for (const line of verdict(results)) console.log(line);
