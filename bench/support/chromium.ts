import { type ChildProcess, spawn } from "node:child_process";

// Chromium, headless, with remote debugging on a port of its choosing (read from its "DevTools
// listening" line), for Lighthouse.

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const CHROME_READY_TIMEOUT_MS = 30_000;

export type Browser = { port: number; stop: () => void };

export async function launchChromium(executable: string, profileDir: string): Promise<Browser> {
  const child: ChildProcess = spawn(
    executable,
    [...CHROME_FLAGS, "--remote-debugging-port=0", `--user-data-dir=${profileDir}`, "about:blank"],
    {
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(
      () => reject(new Error(`Chromium did not open its debugging port:\n${output}`)),
      CHROME_READY_TIMEOUT_MS,
    );
    child.once("error", reject);
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const match = output.match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
  });
  return { port, stop: () => child.kill("SIGKILL") };
}
