import { describe, expect, it } from "vitest";
import { isTrackingRedirect, postAddress, savedWebVersion } from "./tracking-link.mjs";

const REDIRECT = `https://substack.com/redirect/2/${"e".repeat(600)}`;

describe("isTrackingRedirect", () => {
  it("knows click-tracking redirects", () => {
    expect(isTrackingRedirect(REDIRECT)).toBe(true);
    expect(isTrackingRedirect("https://email.mg.substack.com/c/abc")).toBe(true);
    expect(isTrackingRedirect("https://email.mg2.news.example/c/abc")).toBe(true);
    expect(isTrackingRedirect("https://news.us1.list-manage.com/track/click?u=1&id=2&e=3")).toBe(true);
    expect(isTrackingRedirect("https://u123.ct.sendgrid.net/ls/click?upn=x")).toBe(true);
  });

  it("leaves pages alone, a web version archive and an address that does not parse included", () => {
    expect(isTrackingRedirect("https://tidewriter.substack.com/p/moons")).toBe(false);
    expect(isTrackingRedirect("https://mailchi.mp/eb93241944da/learn?e=042ea43672")).toBe(false);
    expect(isTrackingRedirect("https://email.news.example/c/abc")).toBe(false);
    expect(isTrackingRedirect("not a url")).toBe(false);
  });
});

describe("savedWebVersion", () => {
  const html = '<a href="https://news.test/p/moons?utm_source=email&amp;r=abc">Moons</a>';

  it("keeps a web version that is a page", () => {
    expect(savedWebVersion("https://news.test/archive/1", { listPost: null, listUrl: null }, html)).toBe(
      "https://news.test/archive/1",
    );
  });

  it("takes the List-Post address over a redirect", () => {
    expect(savedWebVersion(REDIRECT, { listPost: "https://news.test/p/moons", listUrl: null }, "")).toBe(
      "https://news.test/p/moons",
    );
  });

  it("else the first post link under List-URL, without its query", () => {
    expect(postAddress({ listPost: null, listUrl: "https://news.test/" }, html)).toBe("https://news.test/p/moons");
    expect(savedWebVersion(REDIRECT, { listPost: null, listUrl: "https://news.test" }, html)).toBe(
      "https://news.test/p/moons",
    );
  });

  it("else nothing: the newsletter gets its own address", () => {
    expect(savedWebVersion(REDIRECT, { listPost: null, listUrl: null }, html)).toBeNull();
    expect(savedWebVersion(REDIRECT, { listPost: REDIRECT, listUrl: "https://other.test/" }, html)).toBeNull();
  });
});
