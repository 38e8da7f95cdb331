import { describe, expect, it } from "vitest";
import { logoutAnswer, type LogoutRequest } from "./logout-request";

const APP = "http://localhost:3000";

const request = (fields: Partial<LogoutRequest>): LogoutRequest => ({
  method: "GET",
  site: null,
  mode: null,
  dest: null,
  origin: null,
  referer: null,
  ...fields,
});

const navigation = (site: string): Partial<LogoutRequest> => ({ site, mode: "navigate", dest: "document" });

describe("logoutAnswer", () => {
  it("signs out on the Sign out link (a same-origin top-level navigation) and on an address typed in", () => {
    expect(logoutAnswer(request(navigation("same-origin")), APP)).toBe("sign-out");
    expect(logoutAnswer(request(navigation("none")), APP)).toBe("sign-out");
  });

  it("reads a navigation a service worker passed on (destination empty) as the navigation it is", () => {
    const passedOn = (site: string) => request({ site, mode: "navigate", dest: "empty" });
    expect(logoutAnswer(passedOn("same-origin"), APP)).toBe("sign-out");
    expect(logoutAnswer(passedOn("cross-site"), APP)).toBe("confirm");
  });

  // An article's <img src=".../api/logout"> signed the reader out, and any site could do the same.
  it.each([
    ["an <img>", { site: "same-origin", mode: "no-cors", dest: "image" }],
    ["another site's <img>", { site: "cross-site", mode: "no-cors", dest: "image" }],
    ["a script's fetch", { site: "same-origin", mode: "cors", dest: "empty" }],
    ["a frame", { site: "same-origin", mode: "navigate", dest: "iframe" }],
    ["another site's frame", { site: "cross-site", mode: "navigate", dest: "iframe" }],
  ])("refuses %s", (_, fields) => {
    expect(logoutAnswer(request(fields), APP)).toBe("refuse");
  });

  it("asks first on a link from another site, or a sibling one", () => {
    expect(logoutAnswer(request(navigation("cross-site")), APP)).toBe("confirm");
    expect(logoutAnswer(request(navigation("same-site")), APP)).toBe("confirm");
  });

  it("signs out on our own form's POST only", () => {
    expect(logoutAnswer(request({ method: "POST", ...navigation("same-origin"), origin: APP }), APP)).toBe("sign-out");
    expect(logoutAnswer(request({ method: "POST", ...navigation("cross-site") }), APP)).toBe("refuse");
    expect(logoutAnswer(request({ method: "POST", origin: APP }), APP)).toBe("sign-out");
    expect(logoutAnswer(request({ method: "POST", origin: "https://evil.example" }), APP)).toBe("refuse");
    expect(logoutAnswer(request({ method: "POST" }), APP)).toBe("refuse");
  });

  it("judges a client without Fetch Metadata by where it says it comes from", () => {
    expect(logoutAnswer(request({}), APP)).toBe("sign-out");
    expect(logoutAnswer(request({ referer: `${APP}/dashboard` }), APP)).toBe("sign-out");
    expect(logoutAnswer(request({ referer: "https://evil.example/page" }), APP)).toBe("confirm");
    expect(logoutAnswer(request({ origin: "https://evil.example" }), APP)).toBe("confirm");
    expect(logoutAnswer(request({ origin: "null" }), APP)).toBe("confirm");
  });
});
