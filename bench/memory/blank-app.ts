// The yardstick for the memory benchmark: a blank Next.js app (one layout, one page) of the version
// the app runs, built with the repository's own node_modules (linked, not installed) in a
// temporary directory, and started by a copy of the app's own launcher (scripts/start-server.sh),
// so it runs with the same node flags. The build is kept and reused while the Next version matches.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type AppServer, type Exit, REPO_ROOT, whenReady } from "@/tests/support/built-app";

// One per checkout: the build links that checkout's node_modules.
const BLANK_DIR = path.join(
  tmpdir(),
  `linkstash-bench-memory-blank-${createHash("sha256").update(REPO_ROOT).digest("hex").slice(0, 8)}`,
);
const VERSION_FILE = "next-version.txt";

export function nextVersion(): string {
  const manifest: { version: string } = JSON.parse(
    readFileSync(path.join(REPO_ROOT, "node_modules", "next", "package.json"), "utf8"),
  );
  return manifest.version;
}

const SHARED_ROOT = sharedRoot(BLANK_DIR, realpathSync(path.join(REPO_ROOT, "node_modules")));

function sharedRoot(a: string, b: string): string {
  const left = a.split(path.sep);
  const right = b.split(path.sep);
  let same = 0;
  while (same < left.length && left[same] === right[same]) same += 1;
  return left.slice(0, same).join(path.sep) || path.sep;
}

// Next writes its own tsconfig.json and next-env.d.ts on the first build, as in any new app.
const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "blank-next-app", private: true }, null, 2),
  // Turbopack compiles only files under its root: the linked node_modules lies outside the app's
  // directory, so the root is the nearest directory holding both.
  "next.config.mjs": `export default ${JSON.stringify({ turbopack: { root: SHARED_ROOT }, outputFileTracingRoot: SHARED_ROOT })};\n`,
  "app/layout.tsx": `export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`,
  "app/page.tsx": `export default function Home() {
  return <h1>Hello</h1>;
}
`,
};

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, NODE_ENV: "production" }, stdio: "inherit" });
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")}: ${code}`))));
  });
}

/** The blank app's directory, built now unless a build of the same Next version is there. */
export async function blankAppDir(): Promise<string> {
  const version = nextVersion();
  const built =
    existsSync(path.join(BLANK_DIR, ".next", "BUILD_ID")) &&
    existsSync(path.join(BLANK_DIR, VERSION_FILE)) &&
    readFileSync(path.join(BLANK_DIR, VERSION_FILE), "utf8") === version;
  if (built) return BLANK_DIR;
  console.log(`building a blank Next.js ${version} app (kept for later runs)`);
  rmSync(BLANK_DIR, { recursive: true, force: true });
  for (const [name, text] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(BLANK_DIR, name)), { recursive: true });
    writeFileSync(path.join(BLANK_DIR, name), text);
  }
  symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(BLANK_DIR, "node_modules"), "dir");
  await run(process.execPath, [path.join("node_modules", "next", "dist", "bin", "next"), "build"], BLANK_DIR);
  writeFileSync(path.join(BLANK_DIR, VERSION_FILE), version);
  return BLANK_DIR;
}

/** `next start` of the blank app through the app's launcher; resolves once its page answers 200. */
export async function startBlankApp(dir: string, port: number): Promise<AppServer> {
  // The launcher and what it sizes the heap with, at the same places as in the app.
  for (const file of [
    "scripts/start-server.sh",
    "scripts/server-heap.mjs",
    "lib/memory/memory-budget.mjs",
    "lib/memory/memory-limit.mjs",
  ]) {
    mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
    copyFileSync(path.join(REPO_ROOT, file), path.join(dir, file));
  }
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production" };
  delete childEnv.SERVER_NODE_ARGS;
  const child = spawn("bash", [path.join("scripts", "start-server.sh"), "-p", String(port), "-H", "127.0.0.1"], {
    cwd: dir,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-20_000);
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const exited = new Promise<Exit>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${port}`;
  return whenReady({ child, url, exited, log: () => output }, url, "the blank app");
}
