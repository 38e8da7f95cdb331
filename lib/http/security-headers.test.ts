import { describe, expect, it } from "vitest";
import { MAILBOX_CONTENT_SECURITY_POLICY, newNonce, pageContentSecurityPolicy } from "@/lib/http/security-headers";

const directives = (policy: string) =>
  new Map(policy.split("; ").map((part) => [part.split(" ")[0], part.split(" ").slice(1)]));

describe("pageContentSecurityPolicy", () => {
  it("allows scripts by nonce only, never eval, in production", () => {
    const csp = directives(pageContentSecurityPolicy({ nonce: "abc123==", development: false, https: false }));
    expect(csp.get("script-src")).toEqual(["'self'", "'nonce-abc123=='", "'strict-dynamic'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    expect(csp.get("connect-src")).toEqual(["'self'"]);
    expect(csp.get("worker-src")).toEqual(["'self'"]);
    expect(csp.get("manifest-src")).toEqual(["'self'"]);
    // A nonce beside 'unsafe-inline' would void it: styles carry none.
    expect(csp.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.has("upgrade-insecure-requests")).toBe(false);
  });

  it("adds 'unsafe-eval' in development only, and upgrade-insecure-requests over https only", () => {
    expect(
      directives(pageContentSecurityPolicy({ nonce: "n", development: true, https: false })).get("script-src"),
    ).toContain("'unsafe-eval'");
    expect(
      directives(pageContentSecurityPolicy({ nonce: "n", development: false, https: true })).has(
        "upgrade-insecure-requests",
      ),
    ).toBe(true);
  });
});

describe("newNonce", () => {
  it("is base64 of 16 random bytes, different every time", () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});

describe("MAILBOX_CONTENT_SECURITY_POLICY", () => {
  it("allows no script at all and sandboxes the page", () => {
    const csp = directives(MAILBOX_CONTENT_SECURITY_POLICY);
    expect(csp.get("default-src")).toEqual(["'none'"]);
    expect(csp.has("script-src")).toBe(false);
    expect(csp.get("sandbox")).not.toContain("allow-scripts");
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  });
});
