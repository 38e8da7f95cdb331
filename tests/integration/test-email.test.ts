import { describe, expect, it, vi } from "vitest";
import { POST } from "@/app/api/test/email/route";
import { getDb } from "@/lib/db/client";
import type { SendEmailInput } from "@/lib/mail/send-email";
import { listMailbox } from "@/lib/mail/mailbox";
import { apiRequest } from "@/tests/support/factories";

// Behind two proxies: the client is the second address from the right of X-Forwarded-For (vi.hoisted
// runs before the imports above read the configuration).
vi.hoisted(() => {
  process.env.TRUSTED_PROXY_HOPS = "2";
});

// Lets one test make the mail transport refuse, as a provider outage would.
const transport = vi.hoisted(() => ({ fail: false }));
vi.mock("@/lib/mail/send-email", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/mail/send-email")>();
  return {
    ...actual,
    sendEmail: (input: SendEmailInput) =>
      transport.fail
        ? Promise.resolve({ ok: false, error: "provider unavailable", retryable: true })
        : actual.sendEmail(input),
  };
});

function send(email: unknown, options: { ip?: string; origin?: string | null } = {}) {
  return POST(
    apiRequest("POST", "/api/test/email", {
      json: { email },
      origin: options.origin,
      headers: options.ip ? { "x-forwarded-for": `${options.ip}, 10.0.0.1` } : {},
    }),
  );
}

const countMessages = () => getDb().mailboxMessage.count();

describe("POST /api/test/email", () => {
  it("sends the test email, with a plain-text part, to the address (no session needed)", async () => {
    const res = await send("  Tester@Example.com ");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    const [message, ...others] = await listMailbox("tester@example.com");
    expect(others).toHaveLength(0);
    expect(message).toMatchObject({ to: "tester@example.com", subject: "LinkStash test email" });
    expect(message?.html).toContain("This is a test email from LinkStash");
    expect(message?.text).toContain("This is a test email from LinkStash");
    expect(message?.text).not.toMatch(/<(a|p|table|div)\b/);
  });

  it.each([
    ["a malformed address", "not-an-email"],
    ["an empty address", ""],
    ["a number", 42],
    ["a missing address", undefined],
  ])("refuses %s with the product's message and sends nothing", async (_case, email) => {
    const before = await countMessages();
    const res = await send(email);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: "validation_failed", message: "Please enter a valid email address" });
    expect(await countMessages()).toBe(before);
  });

  it("limits sends per address (case-insensitively) with 429 and Retry-After", async () => {
    for (const email of ["limit@example.com", "LIMIT@example.com", "limit@EXAMPLE.com"]) {
      expect((await send(email)).status).toBe(200);
    }
    const res = await send("limit@example.com");
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({
      code: "rate_limited",
      message: "Too many test emails were requested. Please wait a while and try again.",
    });
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await listMailbox("limit@example.com")).toHaveLength(3);
  });

  it("limits sends per client address when a proxy names it", async () => {
    for (let i = 0; i < 10; i += 1) {
      expect((await send(`ip-${i}@example.com`, { ip: "203.0.113.7" })).status).toBe(200);
    }
    const refused = await send("ip-10@example.com", { ip: "203.0.113.7" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await listMailbox("ip-10@example.com")).toHaveLength(0);
    // Another client is not held back by the first one's limit.
    expect((await send("ip-10@example.com", { ip: "198.51.100.4" })).status).toBe(200);
  });

  it("refuses a cross-origin or Origin-less request with 403 and sends nothing", async () => {
    const before = await countMessages();
    expect((await send("cross@example.com", { origin: "https://evil.example" })).status).toBe(403);
    expect((await send("cross@example.com", { origin: null })).status).toBe(403);
    expect(await countMessages()).toBe(before);
  });

  it("answers 503 with the product's message when the transport fails", async () => {
    transport.fail = true;
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const res = await send("outage@example.com");
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        code: "unavailable",
        message: "There was a problem sending the test email. Please try again.",
      });
      // The visitor sees the generic text; the provider's reason goes to the log.
      expect(log).toHaveBeenCalledWith(expect.stringContaining("provider unavailable"));
    } finally {
      transport.fail = false;
      log.mockRestore();
    }
  });
});
