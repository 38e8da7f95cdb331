import { describe, expect, it } from "vitest";
import { isNotModified, notModified, validatorHeaders, weakEtag } from "@/lib/http/conditional-get";

const etag = weakEtag(["feed", 7, "unread"]);
const validator = { etag, lastModified: new Date("2026-11-29T08:00:00.750Z") };
const ask = (headers: Record<string, string>) => isNotModified(new Headers(headers), validator);

describe("weakEtag", () => {
  it("is a weak tag that changes with any part", () => {
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(weakEtag(["feed", 7, "unread"])).toBe(etag);
    expect(weakEtag(["feed", 8, "unread"])).not.toBe(etag);
    expect(weakEtag(["feed", "7", "unread"])).not.toBe(etag);
  });
});

describe("isNotModified", () => {
  it("matches If-None-Match by weak comparison, among several tags", () => {
    expect(ask({ "if-none-match": etag })).toBe(true);
    expect(ask({ "if-none-match": etag.slice(2) })).toBe(true);
    expect(ask({ "if-none-match": `"other", ${etag}` })).toBe(true);
    expect(ask({ "if-none-match": `W/"other"` })).toBe(false);
    expect(ask({ "if-none-match": "*" })).toBe(false);
    expect(ask({ "if-none-match": "garbage" })).toBe(false);
  });

  it("ignores If-Modified-Since when If-None-Match is sent", () => {
    expect(ask({ "if-none-match": `"other"`, "if-modified-since": "Sun, 29 Nov 2026 09:00:00 GMT" })).toBe(false);
  });

  it("compares If-Modified-Since to the second, and ignores a date it cannot read", () => {
    expect(ask({ "if-modified-since": "Sun, 29 Nov 2026 08:00:00 GMT" })).toBe(true);
    expect(ask({ "if-modified-since": "Sun, 29 Nov 2026 09:00:00 GMT" })).toBe(true);
    expect(ask({ "if-modified-since": "Sun, 29 Nov 2026 07:59:59 GMT" })).toBe(false);
    expect(ask({ "if-modified-since": "yesterday" })).toBe(false);
    expect(ask({})).toBe(false);
  });
});

describe("validatorHeaders and notModified", () => {
  it("writes Last-Modified as an HTTP date, and a 304 with no body and no Content-Type", async () => {
    const headers = validatorHeaders(validator);
    expect(headers).toEqual({ etag, "last-modified": "Sun, 29 Nov 2026 08:00:00 GMT" });
    const res = notModified({
      ...headers,
      "content-type": "application/atom+xml",
      "cache-control": "private, no-cache",
    });
    expect(res.status).toBe(304);
    expect(await res.text()).toBe("");
    expect(res.headers.get("etag")).toBe(etag);
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    expect(res.headers.get("content-type")).toBeNull();
  });
});
