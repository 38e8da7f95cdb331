// Owed page work survives the server's death (decision 0301), on the built app (`npx next build`
// first): links are saved whose pages a local server holds unanswered, the app is SIGKILLed while it
// waits for one, restarted on the same data directory, and every link gets its title after all,
// the one whose fetch was cut included.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveOverHttp, waitForTitles } from "@/bench/burst/save-burst";
import { type AppServer, assertBuilt, freePort, signInOverHttp, startApp } from "@/tests/support/built-app";

const LINKS = 5;
const IP = "203.0.113.31";

describe("page work left when the server is killed", () => {
  let pages: Server;
  let pagesHost: string;
  let dataDir: string;
  let appPort: number;
  let app: AppServer | undefined;
  /** Answer pages, or hold them unanswered (as a slow site does) until the test lets go. */
  let holding = true;
  const held: ServerResponse[] = [];
  const requested: string[] = [];
  let firstRequest: () => void = () => {};
  const firstRequested = new Promise<void>((resolve) => (firstRequest = resolve));

  beforeAll(async () => {
    assertBuilt();
    pages = createServer((req: IncomingMessage, res: ServerResponse) => {
      requested.push(req.url ?? "");
      firstRequest();
      if (holding) {
        held.push(res);
        return;
      }
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><html><head><title>Title of ${req.url}</title></head><body><p>Hello.</p></body></html>`);
    });
    const port = await freePort();
    await new Promise<void>((resolve) => pages.listen(port, "127.0.0.1", resolve));
    pagesHost = `127.0.0.1:${port}`;
    dataDir = mkdtempSync(path.join(tmpdir(), "page-work-restart-"));
    appPort = await freePort();
  });

  afterAll(async () => {
    await app?.stop();
    pages?.closeAllConnections();
    pages?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = () => startApp({ port: appPort, env: { DATA_DIR: dataDir, UNFURL_ALLOWED_HOSTS: pagesHost } });

  it("is done after a restart on the same data", async () => {
    app = await start();
    const cookie = await signInOverHttp(app.url, "page-work-restart@example.com", IP);
    for (let i = 0; i < LINKS; i += 1) {
      expect(await saveOverHttp(app, cookie, IP, `http://${pagesHost}/page-${i}`)).toBe(201);
    }
    // The runner is fetching one page (held unanswered) when the server dies: the newest saved by
    // the time it looked (decision 0376).
    await firstRequested;
    expect(await app.stop("SIGKILL")).toMatchObject({ signal: "SIGKILL" });
    for (const res of held) res.destroy();
    const cutShort = [...requested];
    expect(cutShort).toHaveLength(1);
    const [cut] = cutShort;

    holding = false;
    app = await start();
    expect(await waitForTitles(app, cookie, LINKS, 120_000)).toBe(LINKS);
    const titles = await (await fetch(`${app.url}/api/links/history`, { headers: { cookie } })).json();
    expect(titles.map((link: { title: string }) => link.title).sort()).toEqual(
      Array.from({ length: LINKS }, (_, i) => `Title of /page-${i}`),
    );
    // The fetch the kill cut short was done again, once.
    expect(requested.filter((url) => url === cut)).toHaveLength(2);
    expect(requested).toHaveLength(LINKS + 1);
  }, 300_000);
});
