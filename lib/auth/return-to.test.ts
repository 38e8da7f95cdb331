import { describe, expect, it } from "vitest";
import {
  DEFAULT_RETURN_PATH,
  onboardingDestination,
  safeReturnPath,
  savingPageOf,
  signedOutDestination,
  signInReturnPath,
} from "./return-to";

const APP = "http://localhost:3000";

describe("safeReturnPath", () => {
  it.each([
    ["/dashboard", "/dashboard"],
    ["/invite/abc123?x=1#top", "/invite/abc123?x=1#top"],
    ["/history?category=News", "/history?category=News"],
    ["/./history", "/history"],
    ["/a/../history", "/history"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    [`${APP}/invite/abc`, "/invite/abc"],
  ])("keeps the same-origin path %s as %s", (input, expected) => {
    expect(safeReturnPath(input, APP)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [""],
    [42],
    [{}],
    ["https://evil.example/steal"],
    ["//evil.example/steal"],
    ["/.//evil.example"],
    ["/./\u002f/evil.example"],
    ["/..//evil.example"],
    ["/a/..//evil.example"],
    ["/\\evil.example"],
    ["\\\\evil.example"],
    ["javascript:alert(1)"],
    ["http:evil.example"],
    ["dashboard"],
    ["?next=1"],
    ["/\t/evil.example"],
    ["/\u0000//evil.example"],
    [`${APP}.evil.example/x`],
    [`${APP}@evil.example/x`],
    ["http://localhost:3001/dashboard"],
  ])("refuses %s", (input) => {
    expect(safeReturnPath(input, APP)).toBe(DEFAULT_RETURN_PATH);
  });

  it("parses %2F.%2F%2Fevil.example (decoded from a query) to the dashboard, never //evil.example", () => {
    const fromQuery = new URLSearchParams("callbackUrl=%2F.%2F%2Fevil.example").get("callbackUrl");
    expect(fromQuery).toBe("/.//evil.example");
    expect(safeReturnPath(fromQuery, APP)).toBe(DEFAULT_RETURN_PATH);
  });

  it("works without an origin for path-only callers", () => {
    expect(safeReturnPath("/history")).toBe("/history");
    expect(safeReturnPath("/.//evil.example")).toBe(DEFAULT_RETURN_PATH);
  });
});

describe("signInReturnPath", () => {
  it("leaves other pages as safeReturnPath gives them", () => {
    expect(signInReturnPath("/invite/abc?x=1", APP)).toBe("/invite/abc?x=1");
    expect(signInReturnPath("/.//evil.example", APP)).toBe(DEFAULT_RETURN_PATH);
  });

  it("makes /share ask before saving", () => {
    expect(signInReturnPath("/share?url=https%3A%2F%2Fphish.example%2F&title=Hi", APP)).toBe(
      "/share?url=https%3A%2F%2Fphish.example%2F&title=Hi&confirm=1",
    );
  });

  it("drops /save's key and makes it ask", () => {
    expect(signInReturnPath(`${APP}/save?key=secret&url=https%3A%2F%2Fa.example%2F`, APP)).toBe(
      "/save?url=https%3A%2F%2Fa.example%2F&confirm=1",
    );
  });

  // A sign-in link asked for with callbackUrl=/share/?url=… landed on /share (the router drops the
  // slash) and saved the link without asking: the check compared the path exactly.
  it.each([
    ["/share/?url=https%3A%2F%2Fphish.example%2F", "/share?url=https%3A%2F%2Fphish.example%2F&confirm=1"],
    ["/share//?url=https%3A%2F%2Fphish.example%2F", "/share?url=https%3A%2F%2Fphish.example%2F&confirm=1"],
    ["/%73hare?url=https%3A%2F%2Fphish.example%2F", "/share?url=https%3A%2F%2Fphish.example%2F&confirm=1"],
    ["/SHARE?url=https%3A%2F%2Fphish.example%2F", "/share?url=https%3A%2F%2Fphish.example%2F&confirm=1"],
    ["/save/?key=secret&url=https%3A%2F%2Fa.example%2F", "/save?url=https%3A%2F%2Fa.example%2F&confirm=1"],
  ])("makes %s ask as /share or /save does", (input, expected) => {
    expect(signInReturnPath(input, APP)).toBe(expected);
  });

  it("is idempotent: a path that went through it once comes out the same", () => {
    const once = signInReturnPath("/share?url=https%3A%2F%2Fa.example%2F", APP);
    expect(signInReturnPath(once, APP)).toBe(once);
  });
});

describe("savingPageOf", () => {
  it.each([
    ["/share", "/share"],
    ["/share/", "/share"],
    ["/save///", "/save"],
    ["/%73ave", "/save"],
    ["/Share", "/share"],
  ])("reads %s as the saving page %s", (input, expected) => {
    expect(savingPageOf(input)).toBe(expected);
  });

  it.each([["/"], ["/shared"], ["/share/x"], ["/history"], ["/%E0%A4%A"]])("reads %s as no saving page", (input) => {
    expect(savingPageOf(input)).toBeNull();
  });
});

describe("signedOutDestination", () => {
  it("sends a visitor of an article to sign in and back to it, and of any other page to the landing page", () => {
    expect(signedOutDestination("/read/abc123")).toBe("/api/login?returnTo=%2Fread%2Fabc123");
    expect(signedOutDestination("/dashboard")).toBe("/");
    expect(signedOutDestination("/history?q=rust")).toBe("/");
    expect(signedOutDestination(null)).toBe("/");
  });

  it("never returns to another site", () => {
    expect(signedOutDestination("/read/..//evil.example")).not.toContain("evil.example");
  });
});

describe("onboardingDestination", () => {
  it("sends a user who has not onboarded to onboarding, carrying the page they had opened", () => {
    expect(onboardingDestination("/read/abc123")).toBe("/onboarding?returnTo=%2Fread%2Fabc123");
    expect(onboardingDestination("/history?q=rust")).toBe("/onboarding?returnTo=%2Fhistory%3Fq%3Drust");
  });

  it("carries nothing for the dashboard or an unknown page", () => {
    expect(onboardingDestination("/dashboard")).toBe("/onboarding");
    expect(onboardingDestination(null)).toBe("/onboarding");
  });

  it("never carries another site, and makes a saving page ask first", () => {
    expect(onboardingDestination("//evil.example/x")).toBe("/onboarding");
    expect(onboardingDestination("/save?url=https%3A%2F%2Fa.example&key=secret")).toBe(
      "/onboarding?returnTo=%2Fsave%3Furl%3Dhttps%253A%252F%252Fa.example%26confirm%3D1",
    );
  });
});
