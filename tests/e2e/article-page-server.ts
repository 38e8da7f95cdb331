import { createServer, type Server } from "node:http";
import { test } from "@playwright/test";
import { articlePagesPort } from "../../playwright.config";

/** The address of the local article pages; any path answers with the page served below. */
export const articlePagesOrigin = `http://127.0.0.1:${articlePagesPort}`;

/** Serves `html` at every path of the article pages' port for the spec's tests. */
export function serveArticlePage(html: string): void {
  let server: Server;
  test.beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
    });
    await new Promise<void>((resolve) => server.listen(articlePagesPort, "127.0.0.1", resolve));
  });
  test.afterAll(() => {
    server.closeAllConnections();
    server.close();
  });
}
