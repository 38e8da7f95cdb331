import type { LookupAddress } from "node:dns";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { isForbiddenAddress } from "./address-policy";
import { FETCH_TIMEOUT_MS, type FetchPageOptions, fetchPageHtml, MAX_PAGE_BYTES } from "./fetch-page";
import { type PageMetadata, parseMetadata } from "./parse-metadata";

/** What a save reads of a fetched page (lib/articles/service.ts): the page's metadata, or null. */
async function fetchPageMetadata(url: string, options: FetchPageOptions = {}): Promise<PageMetadata | null> {
  const page = await fetchPageHtml(url, options);
  return page ? parseMetadata(page.html, page.url) : null;
}

// Names that only these tests resolve, under a top-level name that does not exist (.stub, not a
// special-use one, so the fetcher does look them up): they show that the fetcher connects to the
// addresses it checked and refuses an answer with any forbidden address. wiki.test is special-use:
// looked up only when allow-listed. Every name asked of the resolver is recorded; nothing reaches
// the system's resolver.
const FAKE_DNS: Record<string, LookupAddress[]> = {
  "pinned.stub": [{ address: "127.0.0.1", family: 4 }],
  "mixed.stub": [
    { address: "127.0.0.1", family: 4 },
    { address: "10.0.0.7", family: 4 },
  ],
  "mapped.stub": [{ address: "::ffff:127.0.0.1", family: 6 }],
  "wiki.test": [{ address: "127.0.0.1", family: 4 }],
};
const lookedUp = vi.hoisted((): string[] => []);

vi.mock("node:dns/promises", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:dns/promises")>();
  const { isIP } = await import("node:net");
  const lookup = (hostname: string): Promise<LookupAddress[]> => {
    // An address literal is answered as itself, as the system's lookup does without asking DNS.
    const family = isIP(hostname);
    if (family) return Promise.resolve([{ address: hostname, family }]);
    lookedUp.push(hostname);
    const fake = FAKE_DNS[hostname];
    return fake ? Promise.resolve(fake) : Promise.reject(new Error(`no such name in the test's resolver: ${hostname}`));
  };
  return { ...actual, default: { ...actual, lookup }, lookup };
});

// The real policy, observed; one test pretends that loopback is public.
vi.mock("./address-policy", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./address-policy")>();
  return { isForbiddenAddress: vi.fn(actual.isForbiddenAddress), isSpecialUseName: actual.isSpecialUseName };
});
const realIsForbiddenAddress = vi.mocked(isForbiddenAddress).getMockImplementation();

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

async function startServer(handler: Handler): Promise<{ server: Server; port: number; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(`${req.headers.host ?? ""} ${req.url ?? ""}`);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the test server has no port");
  return { server, port: address.port, hits };
}

function html(res: ServerResponse, body: string | Buffer, contentType = "text/html; charset=utf-8"): void {
  res.writeHead(200, { "Content-Type": contentType });
  res.end(body);
}

const TITLE_PAGE = `<!doctype html><html><head><title>Local &amp; allowed</title>
  <meta property="og:description" content="Served by the test">
  <link rel="icon" href="/favicon.png"></head><body>Hello</body></html>`;

const bigFiller = (bytes: number) => `<p>${"x".repeat(bytes)}</p>`;
// A title placed after 1.5 MB: seen only if the fetcher read past its 1 MB cap.
const LATE_TITLE_PAGE = `<html><head><meta name="filler" content="${"y".repeat(1_500_000)}"><title>Too late</title></head></html>`;

let main: Awaited<ReturnType<typeof startServer>>;
let other: Awaited<ReturnType<typeof startServer>>;
let allowMain: string[];

beforeAll(async () => {
  other = await startServer((_req, res) => html(res, "<title>Other port</title>"));
  main = await startServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://local");
    switch (url.pathname) {
      case "/page":
        return html(res, TITLE_PAGE);
      case "/to-private":
        res.writeHead(302, { Location: "http://10.0.0.1/" });
        return res.end();
      case "/to-special-use":
        res.writeHead(302, { Location: `http://wiki.test:${main.port}/page` });
        return res.end();
      case "/to-pinned-name":
        res.writeHead(302, { Location: `http://pinned.stub:${main.port}/page` });
        return res.end();
      case "/to-other-port":
        res.writeHead(301, { Location: `http://127.0.0.1:${other.port}/` });
        return res.end();
      case "/to-file":
        res.writeHead(302, { Location: "file:///etc/passwd" });
        return res.end();
      case "/to-page":
        res.writeHead(307, { Location: "/page" });
        return res.end();
      case "/chain": {
        // /chain?n=3 redirects 3 times before serving the page.
        const left = Number(url.searchParams.get("n"));
        res.writeHead(302, { Location: left > 0 ? `/chain?n=${left - 1}` : "/page" });
        return res.end();
      }
      case "/slow":
        // Never answers; closeAllConnections ends it after the tests.
        return;
      case "/json":
        return html(res, '{"title":"not html"}', "application/json");
      case "/image":
        return html(res, Buffer.from([0x89, 0x50, 0x4e, 0x47]), "image/png");
      case "/no-type":
        res.writeHead(200);
        return res.end("<title>No content type</title>");
      case "/xhtml":
        return html(res, TITLE_PAGE, "application/xhtml+xml");
      case "/missing":
        res.writeHead(404, { "Content-Type": "text/html" });
        return res.end("<title>Not Found</title>");
      case "/huge":
        return html(res, `<head><title>Huge page</title></head><body>${bigFiller(3 * 1024 * 1024)}</body>`);
      case "/huge-late-title":
        return html(res, LATE_TITLE_PAGE);
      case "/gzip":
        res.writeHead(200, { "Content-Type": "text/html", "Content-Encoding": "gzip" });
        return res.end(gzipSync(TITLE_PAGE));
      case "/gzip-bomb":
        res.writeHead(200, { "Content-Type": "text/html", "Content-Encoding": "gzip" });
        return res.end(gzipSync(LATE_TITLE_PAGE));
      case "/bad-gzip":
        res.writeHead(200, { "Content-Type": "text/html", "Content-Encoding": "gzip" });
        return res.end("<title>Not gzip at all</title>");
      case "/zstd":
        res.writeHead(200, { "Content-Type": "text/html", "Content-Encoding": "zstd" });
        return res.end("<title>Unknown coding</title>");
      case "/latin1":
        return html(res, Buffer.from("<title>Caf\u00e9 cr\u00e8me</title>", "latin1"), "text/html; charset=ISO-8859-1");
      case "/meta-charset":
        return html(
          res,
          Buffer.from('<meta charset="windows-1252"><title>Na\u00efve \u0096 r\u00e9sum\u00e9</title>', "latin1"),
          "text/html",
        );
      case "/utf8-default":
        return html(res, Buffer.from("<title>\u65e5\u672c\u8a9e \u{1f600}</title>", "utf8"), "text/html");
      case "/host":
        return html(res, `<title>${req.headers.host ?? ""}</title>`);
      default:
        res.writeHead(404);
        return res.end();
    }
  });
  allowMain = [`127.0.0.1:${main.port}`];
});

beforeEach(() => {
  lookedUp.length = 0;
  main.hits.length = 0;
  other.hits.length = 0;
  vi.mocked(isForbiddenAddress).mockClear();
  if (realIsForbiddenAddress) vi.mocked(isForbiddenAddress).mockImplementation(realIsForbiddenAddress);
});

afterAll(async () => {
  for (const { server } of [main, other]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe("fetchPageMetadata: address policy", () => {
  it("refuses a page on 127.0.0.1 without an allow-list, before connecting", async () => {
    expect(await fetchPageMetadata(`http://127.0.0.1:${main.port}/page`)).toBeNull();
    expect(main.hits).toEqual([]);
  });

  it("refuses loopback reached by name", async () => {
    expect(await fetchPageMetadata(`http://pinned.stub:${main.port}/page`)).toBeNull();
    expect(lookedUp).toEqual(["pinned.stub"]);
    expect(main.hits).toEqual([]);
  });

  it.each([
    ["http://localhost/"],
    ["http://app.localhost:3000/"],
    ["https://blog.example.test/post"],
    ["https://links.example/a"],
    ["http://nothing.invalid/"],
    ["http://printer.local/"],
    ["http://duckduckgogg42xjoc72x3sjasowoarfbgcmvfimaftt6twagswzczad.onion/"],
    ["http://router.home.arpa/"],
  ])("refuses the special-use name in %s without a DNS lookup", async (url) => {
    expect(await fetchPageMetadata(url)).toBeNull();
    expect(lookedUp).toEqual([]);
  });

  it("refuses a redirect to a special-use name without looking it up", async () => {
    expect(
      await fetchPageMetadata(`http://127.0.0.1:${main.port}/to-special-use`, { allowedHosts: allowMain }),
    ).toBeNull();
    expect(main.hits).toEqual([`127.0.0.1:${main.port} /to-special-use`]);
    expect(lookedUp).not.toContain("wiki.test");
  });

  it("looks up and fetches an allow-listed special-use name (a local test page)", async () => {
    const result = await fetchPageMetadata(`http://wiki.test:${main.port}/host`, {
      allowedHosts: [`wiki.test:${main.port}`],
    });
    expect(result?.title).toBe(`wiki.test:${main.port}`);
    expect(lookedUp).toEqual(["wiki.test"]);
  });

  it("fetches an allow-listed host:port and returns its metadata", async () => {
    expect(await fetchPageMetadata(`http://127.0.0.1:${main.port}/page`, { allowedHosts: allowMain })).toEqual({
      title: "Local & allowed",
      description: "Served by the test",
      siteName: null,
      faviconUrl: `http://127.0.0.1:${main.port}/favicon.png`,
    });
  });

  it("exempts only the listed port", async () => {
    expect(await fetchPageMetadata(`http://127.0.0.1:${other.port}/`, { allowedHosts: allowMain })).toBeNull();
    expect(other.hits).toEqual([]);
  });

  it("ignores malformed allow-list entries", async () => {
    const allowedHosts = ["127.0.0.1", `http://127.0.0.1:${main.port}`, "", `127.0.0.1:${main.port}/page`];
    expect(await fetchPageMetadata(`http://127.0.0.1:${main.port}/page`, { allowedHosts })).toBeNull();
    expect(main.hits).toEqual([]);
  });

  it("refuses a name when any of its addresses is forbidden, not only the first", async () => {
    // mixed.stub answers 127.0.0.1 (treated as public here, so it would be reachable) and 10.0.0.7.
    vi.mocked(isForbiddenAddress).mockImplementation(
      (address) => address !== "127.0.0.1" && realIsForbiddenAddress?.(address) !== false,
    );
    expect(await fetchPageMetadata(`http://mixed.stub:${main.port}/page`)).toBeNull();
    expect(isForbiddenAddress).toHaveBeenCalledWith("10.0.0.7");
    expect(main.hits).toEqual([]);
    // The same server by a name with only the "public" address is fetched: the refusal above was the policy's.
    expect((await fetchPageMetadata(`http://pinned.stub:${main.port}/page`))?.title).toBe("Local & allowed");
  });

  it("refuses an IPv4-mapped IPv6 loopback answer", async () => {
    expect(await fetchPageMetadata(`http://mapped.stub:${main.port}/page`)).toBeNull();
    expect(main.hits).toEqual([]);
  });

  it("connects to the checked address while keeping the name as the Host header", async () => {
    const result = await fetchPageMetadata(`http://pinned.stub:${main.port}/host`, {
      allowedHosts: [`pinned.stub:${main.port}`],
    });
    expect(result?.title).toBe(`pinned.stub:${main.port}`);
  });
});

describe("fetchPageMetadata: schemes and redirects", () => {
  it.each([
    ["ftp://127.0.0.1/file"],
    ["file:///etc/passwd"],
    ["javascript:alert(1)"],
    ["data:text/html,<title>x</title>"],
    ["not a url"],
  ])("refuses %s", async (url) => {
    expect(await fetchPageMetadata(url, { allowedHosts: ["127.0.0.1:21"] })).toBeNull();
  });

  it("refuses a redirect from an allowed host to a private address", async () => {
    expect(await fetchPageMetadata(`http://127.0.0.1:${main.port}/to-private`, { allowedHosts: allowMain })).toBeNull();
    expect(main.hits).toEqual([`127.0.0.1:${main.port} /to-private`]);
    expect(isForbiddenAddress).toHaveBeenCalledWith("10.0.0.1");
    expect(isForbiddenAddress).toHaveLastReturnedWith(true);
  });

  it("re-checks the address of a redirect target", async () => {
    // pinned.stub resolves to 127.0.0.1 and is not allow-listed: refused although the server answers.
    expect(
      await fetchPageMetadata(`http://127.0.0.1:${main.port}/to-pinned-name`, { allowedHosts: allowMain }),
    ).toBeNull();
    expect(main.hits).toEqual([`127.0.0.1:${main.port} /to-pinned-name`]);
  });

  it("refuses a redirect to loopback on a port that is not allow-listed", async () => {
    expect(
      await fetchPageMetadata(`http://127.0.0.1:${main.port}/to-other-port`, { allowedHosts: allowMain }),
    ).toBeNull();
    expect(other.hits).toEqual([]);
  });

  it("refuses a redirect to a file: URL", async () => {
    expect(await fetchPageMetadata(`http://127.0.0.1:${main.port}/to-file`, { allowedHosts: allowMain })).toBeNull();
  });

  it("follows a redirect within the allowed host", async () => {
    const result = await fetchPageMetadata(`http://127.0.0.1:${main.port}/to-page`, { allowedHosts: allowMain });
    expect(result?.title).toBe("Local & allowed");
  });

  it("follows 5 redirects and gives up on the 6th", async () => {
    const five = await fetchPageMetadata(`http://127.0.0.1:${main.port}/chain?n=4`, { allowedHosts: allowMain });
    expect(five?.title).toBe("Local & allowed");
    main.hits.length = 0;
    expect(await fetchPageMetadata(`http://127.0.0.1:${main.port}/chain?n=5`, { allowedHosts: allowMain })).toBeNull();
    expect(main.hits).toHaveLength(6);
  });
});

describe("fetchPageMetadata: responses", () => {
  const fetchLocal = (path: string) =>
    fetchPageMetadata(`http://127.0.0.1:${main.port}${path}`, { allowedHosts: allowMain });

  it("gives up on a page slower than the 5 s budget, at the budget", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      let settled = false;
      const result = fetchLocal("/slow").finally(() => {
        settled = true;
      });
      // Real I/O still runs (setImmediate is not faked): wait until the server holds the request.
      while (!main.hits.some((hit) => hit.endsWith(" /slow"))) await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(FETCH_TIMEOUT_MS - 1);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await result).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("lets go of its 5 s budget as soon as the page is in, or refused", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      expect((await fetchLocal("/xhtml"))?.title).toBe("Local & allowed");
      expect(await fetchPageHtml("https://refused.invalid/")).toBeNull();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([["/json"], ["/image"], ["/no-type"]])("gives null for the non-HTML response %s", async (path) => {
    expect(await fetchLocal(path)).toBeNull();
  });

  it("accepts XHTML", async () => {
    expect((await fetchLocal("/xhtml"))?.title).toBe("Local & allowed");
  });

  it("gives null for an HTTP error page", async () => {
    expect(await fetchLocal("/missing")).toBeNull();
  });

  it("reads a 3 MB page without hanging", async () => {
    expect((await fetchLocal("/huge"))?.title).toBe("Huge page");
  });

  it("stops reading at 1 MB", async () => {
    expect(LATE_TITLE_PAGE.length).toBeGreaterThan(MAX_PAGE_BYTES);
    expect(await fetchLocal("/huge-late-title")).toEqual({
      title: null,
      description: null,
      siteName: null,
      faviconUrl: null,
    });
  });

  it("decompresses gzip and applies the cap to the decompressed size", async () => {
    expect((await fetchLocal("/gzip"))?.title).toBe("Local & allowed");
    expect(await fetchLocal("/gzip-bomb")).toEqual({
      title: null,
      description: null,
      siteName: null,
      faviconUrl: null,
    });
  });

  it.each([["/bad-gzip"], ["/zstd"]])("gives null for a body it cannot decode (%s)", async (path) => {
    expect(await fetchLocal(path)).toBeNull();
  });

  it.each([
    ["/latin1", "Caf\u00e9 cr\u00e8me"],
    ["/meta-charset", "Na\u00efve \u2013 r\u00e9sum\u00e9"],
    ["/utf8-default", "\u65e5\u672c\u8a9e \u{1f600}"],
  ])("decodes the charset of %s", async (path, title) => {
    expect((await fetchLocal(path))?.title).toBe(title);
  });
});
