// HAProxy (Debian's package) as the load balancer in front of several app instances: HTTP mode,
// round-robin per request (keep-alive connections included), the instance that answered named in
// an X-Served-By response header, and per-server counters read from its stats socket. Its config
// lives in a temp dir.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

// Debian installs it outside a normal user's PATH.
const HAPROXY_BIN = "/usr/sbin/haproxy";
const READY_TIMEOUT_MS = 15_000;
const LOG_LIMIT = 20_000;

export type ServerStats = { name: string; requests: number; responses2xx: number; responses5xx: number };

export type Balancer = {
  url: string;
  pid: number;
  /** Per instance (app0, app1, ...): requests sent to it and its answers by class. */
  serverStats: () => Promise<ServerStats[]>;
  stop: () => Promise<void>;
};

export function assertHaproxyInstalled(): void {
  if (spawnSync(HAPROXY_BIN, ["-v"]).error) throw new Error(`${HAPROXY_BIN} is missing: apt-get install -y haproxy`);
}

/** Sends one command to the stats socket and returns the whole answer. */
function socketCommand(socketPath: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = "";
    const socket = connect(socketPath);
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.once("error", reject);
    socket.once("end", () => resolve(answer));
    socket.write(`${command}\n`);
  });
}

function parseStats(csv: string): ServerStats[] {
  const [header = "", ...lines] = csv.trim().split("\n");
  const columns = header.replace(/^# /, "").split(",");
  const column = (fields: string[], name: string) => Number(fields[columns.indexOf(name)] ?? 0);
  return lines
    .map((line) => line.split(","))
    .filter((fields) => fields[0] === "instances" && fields[1] !== "BACKEND")
    .map((fields) => ({
      name: fields[1] ?? "",
      requests: column(fields, "stot"),
      responses2xx: column(fields, "hrsp_2xx"),
      responses5xx: column(fields, "hrsp_5xx"),
    }));
}

export async function startBalancer({ port, backends }: { port: number; backends: string[] }): Promise<Balancer> {
  assertHaproxyInstalled();
  const dir = mkdtempSync(path.join(tmpdir(), "linkstash-haproxy-"));
  const socketPath = path.join(dir, "stats.sock");
  const config = path.join(dir, "haproxy.cfg");
  writeFileSync(
    config,
    [
      "global",
      "  maxconn 4000",
      `  stats socket ${socketPath} mode 600 level user`,
      "defaults",
      "  mode http",
      "  timeout connect 5s",
      "  timeout client 60s",
      // The instances keep idle connections open longer than this (cluster.ts), so that HAProxy, not
      // the instance, closes an idle one: otherwise a request sent as the instance closes it is lost.
      "  timeout server 60s",
      "  option http-keep-alive",
      // Appends the connecting address to X-Forwarded-For; the app takes the first entry, so a client
      // address set by the caller (a CDN in front, or a benchmark's many users) is kept.
      "  option forwardfor",
      "frontend app",
      `  bind 127.0.0.1:${port}`,
      "  default_backend instances",
      "backend instances",
      "  balance roundrobin",
      "  http-response set-header X-Served-By %s",
      ...backends.map((backend, i) => `  server app${i} ${new URL(backend).host}`),
      "",
    ].join("\n"),
  );
  const check = spawnSync(HAPROXY_BIN, ["-c", "-q", "-f", config], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`HAProxy refused its config:\n${check.stderr}${check.stdout}`);

  const child: ChildProcess = spawn(HAPROXY_BIN, ["-db", "-f", config], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-LOG_LIMIT);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once("exit", () => {
      exited = true;
      resolve();
    }),
  );
  const stop = async () => {
    if (!exited) {
      child.kill("SIGTERM");
      await exit;
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const ready = await socketCommand(socketPath, "show info").then(
      (info) => info.includes("Name: HAProxy"),
      () => false,
    );
    if (ready) break;
    if (exited || Date.now() > deadline) {
      await stop();
      throw new Error(`HAProxy did not start on port ${port}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const pid = child.pid;
  if (pid === undefined) throw new Error("HAProxy did not spawn");
  return {
    url: `http://127.0.0.1:${port}`,
    pid,
    serverStats: async () => parseStats(await socketCommand(socketPath, "show stat")),
    stop,
  };
}
