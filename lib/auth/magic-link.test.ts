import { describe, expect, it } from "vitest";
import { magicLinkParams, signInCallbackAction, signInConfirmUrl } from "./magic-link";

const LINK =
  "http://localhost:3000/api/auth/callback/email?callbackUrl=http%3A%2F%2Flocalhost%3A3000%2Fhistory&token=abc123&email=reader%40example.com";

describe("magic links", () => {
  it("send the emailed link to the confirmation page with the same parameters", () => {
    const url = new URL(signInConfirmUrl(LINK, "http://localhost:3000"));
    expect(url.origin + url.pathname).toBe("http://localhost:3000/login/confirm");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      callbackUrl: "http://localhost:3000/history",
      token: "abc123",
      email: "reader@example.com",
    });
  });

  it("read the page's parameters, and refuse missing or repeated ones", () => {
    expect(magicLinkParams({ token: "t", email: "a@b.test", callbackUrl: "/x" })).toEqual({
      token: "t",
      email: "a@b.test",
      callbackUrl: "/x",
    });
    expect(magicLinkParams({ token: "t", email: "a@b.test" })).toEqual({
      token: "t",
      email: "a@b.test",
      callbackUrl: "",
    });
    expect(magicLinkParams({ email: "a@b.test" })).toBeNull();
    expect(magicLinkParams({ token: ["t", "u"], email: "a@b.test" })).toBeNull();
    expect(magicLinkParams({ token: "t", email: "" })).toBeNull();
  });

  it("post the confirmation to next-auth's callback with the link's parameters in the query", () => {
    const action = signInCallbackAction({ token: "t&x", email: "a+b@c.test", callbackUrl: "/history?q=1" });
    const url = new URL(action, "http://localhost:3000");
    expect(url.pathname).toBe("/api/auth/callback/email");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      token: "t&x",
      email: "a+b@c.test",
      callbackUrl: "/history?q=1",
    });
    expect(signInCallbackAction({ token: "t", email: "a@b.test", callbackUrl: "" })).toBe(
      "/api/auth/callback/email?token=t&email=a%40b.test",
    );
  });
});
