import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fetchFeed } from "./fetch-page";

// fetchFeed against a local server: the conditional request, each kind of answer, and the address
// rules it shares with page reads.

const RSS = `<?xml version="1.0"?><rss version="2.0"><channel><title>T</title></channel></rss>`;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
let handler: Handler = (_req, res) => res.end();
const requests: IncomingHttpHeaders[] = [];
let server: Server;
let base = "";
let allowedHosts: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req.headers);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the test server has no port");
  base = `http://127.0.0.1:${address.port}`;
  allowedHosts = [`127.0.0.1:${address.port}`];
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  requests.length = 0;
});

describe("fetchFeed", () => {
  it("asks for feeds and answers the bytes with the validators and Cache-Control", async () => {
    handler = (_req, res) => {
      res.writeHead(200, {
        "Content-Type": "application/rss+xml",
        ETag: '"v1"',
        "Last-Modified": "Sun, 29 Nov 2026 10:00:00 GMT",
        "Cache-Control": "max-age=7200",
      });
      res.end(RSS);
    };
    const answer = await fetchFeed(`${base}/feed.xml`, { allowedHosts, maxBytes: 1000 });
    expect(answer).toEqual({
      kind: "ok",
      bytes: Buffer.from(RSS),
      contentType: "application/rss+xml",
      url: `${base}/feed.xml`,
      etag: '"v1"',
      lastModified: "Sun, 29 Nov 2026 10:00:00 GMT",
      cacheControl: "max-age=7200",
    });
    expect(requests[0]?.accept).toContain("application/atom+xml");
    expect(requests[0]?.accept).toContain("text/html");
    expect(requests[0]?.["if-none-match"]).toBeUndefined();
  });

  it("sends the validators back and answers a 304 as not modified", async () => {
    handler = (_req, res) => {
      res.writeHead(304);
      res.end();
    };
    const answer = await fetchFeed(`${base}/feed.xml`, {
      allowedHosts,
      maxBytes: 1000,
      etag: '"v1"',
      lastModified: "Sun, 29 Nov 2026 10:00:00 GMT",
    });
    expect(answer).toEqual({ kind: "not-modified", url: `${base}/feed.xml` });
    expect(requests[0]?.["if-none-match"]).toBe('"v1"');
    expect(requests[0]?.["if-modified-since"]).toBe("Sun, 29 Nov 2026 10:00:00 GMT");
  });

  it("answers an HTTP error with its status and Retry-After", async () => {
    handler = (_req, res) => {
      res.writeHead(429, { "Retry-After": "7200" });
      res.end("slow down");
    };
    expect(await fetchFeed(`${base}/feed.xml`, { allowedHosts, maxBytes: 1000 })).toEqual({
      kind: "http-error",
      status: 429,
      retryAfter: "7200",
    });
    handler = (_req, res) => {
      res.writeHead(500);
      res.end();
    };
    expect(await fetchFeed(`${base}/feed.xml`, { allowedHosts, maxBytes: 1000 })).toEqual({
      kind: "http-error",
      status: 500,
      retryAfter: null,
    });
  });

  it("follows a redirect and answers the final address; decodes gzip", async () => {
    handler = (req, res) => {
      if (req.url === "/old") {
        res.writeHead(301, { Location: "/new" });
        res.end();
        return;
      }
      res.writeHead(200, { "Content-Type": "text/xml", "Content-Encoding": "gzip" });
      res.end(gzipSync(RSS));
    };
    const answer = await fetchFeed(`${base}/old`, { allowedHosts, maxBytes: 1000 });
    expect(answer.kind === "ok" && [answer.url, answer.bytes.toString()]).toEqual([`${base}/new`, RSS]);
  });

  it("reads one byte past maxBytes, so a longer feed is told apart, and no more", async () => {
    handler = (_req, res) => {
      res.writeHead(200, { "Content-Type": "application/xml" });
      res.end("x".repeat(5000));
    };
    const answer = await fetchFeed(`${base}/big`, { allowedHosts, maxBytes: 100 });
    expect(answer.kind === "ok" && answer.bytes.length).toBe(101);
  });

  it("refuses a private address that is not allow-listed, without a request", async () => {
    const answer = await fetchFeed(`${base}/feed.xml`, { maxBytes: 1000 });
    expect(answer).toEqual({ kind: "failed", message: "The address points to a private or reserved network." });
    expect(requests).toHaveLength(0);
  });

  it("says in words that the connection was refused", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const address = closed.address();
    if (address === null || typeof address === "string") throw new Error("no port");
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const answer = await fetchFeed(`http://127.0.0.1:${address.port}/feed`, {
      allowedHosts: [`127.0.0.1:${address.port}`],
      maxBytes: 1000,
    });
    expect(answer).toEqual({ kind: "failed", message: "The site refused the connection." });
  });
});
