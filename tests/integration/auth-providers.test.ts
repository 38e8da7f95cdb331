import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.AUTH_OIDC_ISSUER = "https://id.example.test/realms/main";
  process.env.AUTH_OIDC_CLIENT_ID = "linkstash";
  process.env.AUTH_OIDC_CLIENT_SECRET = "oidc-secret";
  process.env.AUTH_OIDC_NAME = "Example ID";
  process.env.AUTH_GITHUB_ID = "gh-id";
  process.env.AUTH_GITHUB_SECRET = "gh-secret";
});

const { authOptions } = await import("@/lib/auth/options");
const { oauthProviders } = await import("@/lib/auth/providers");

describe("sign-in providers", () => {
  it("always offer the magic link, and OIDC / GitHub when their variables are set (Google is not)", () => {
    const ids = authOptions().providers.map((provider) => provider.id);
    expect(ids).toEqual(["email", "oidc", "github"]);
    expect(oauthProviders()).toEqual([
      { id: "oidc", name: "Example ID" },
      { id: "github", name: "GitHub" },
    ]);
  });

  it("discover the OIDC provider from its issuer and ask for openid, email and profile", () => {
    const oidc = authOptions().providers.find((provider) => provider.id === "oidc");
    expect(oidc).toMatchObject({
      type: "oauth",
      wellKnown: "https://id.example.test/realms/main/.well-known/openid-configuration",
      clientId: "linkstash",
      idToken: true,
      authorization: { params: { scope: "openid email profile" } },
    });
  });

  it("use database sessions and the product's own sign-in page", () => {
    const options = authOptions();
    expect(options.session?.strategy).toBe("database");
    expect(options.pages).toMatchObject({ signIn: "/login", verifyRequest: "/login/check-email" });
  });

  it("only ever redirect back to a path of this site after signing in", async () => {
    const redirect = authOptions().callbacks?.redirect;
    if (!redirect) throw new Error("no redirect callback");
    const baseUrl = "http://localhost:3000";
    expect(await redirect({ url: "http://localhost:3000/invite/abc", baseUrl })).toBe(
      "http://localhost:3000/invite/abc",
    );
    expect(await redirect({ url: "/history?category=News", baseUrl })).toBe(
      "http://localhost:3000/history?category=News",
    );
    expect(await redirect({ url: "https://evil.example/phish", baseUrl })).toBe("http://localhost:3000/dashboard");
    expect(await redirect({ url: "//evil.example", baseUrl })).toBe("http://localhost:3000/dashboard");
    // Parsed before it is checked: the dot segment hides a protocol-relative path.
    expect(await redirect({ url: "/.//evil.example", baseUrl })).toBe("http://localhost:3000/dashboard");
    expect(await redirect({ url: "http://localhost:3000/.//evil.example", baseUrl })).toBe(
      "http://localhost:3000/dashboard",
    );
  });
});
