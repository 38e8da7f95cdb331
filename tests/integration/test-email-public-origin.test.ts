import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";

// The public email test (anyone mails any address) used to stay on when APP_URL is a public origin.
// There it is now off unless TEST_EMAIL_ENABLED says otherwise; on a loopback origin (every other
// integration test) it stays on.

const ORIGIN = "https://stash.example";

vi.hoisted(() => {
  process.env.APP_URL = "https://stash.example";
});

function send(route: (req: Request) => Promise<Response>, email: string): Promise<Response> {
  return route(
    new Request(`${ORIGIN}/api/test/email`, {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/json" },
      body: JSON.stringify({ email }),
    }),
  );
}

describe("the email test on a public origin", () => {
  it("is off by default: 404 and nothing sent", async () => {
    const { POST } = await import("@/app/api/test/email/route");
    const res = await send(POST, "stranger@example.com");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      code: "not_found",
      message: "The email test is switched off on this instance.",
    });
    expect(await getDb().mailboxMessage.count({ where: { to: "stranger@example.com" } })).toBe(0);
  });

  it("can be switched on by the operator", async () => {
    process.env.TEST_EMAIL_ENABLED = "true";
    vi.resetModules();
    const { POST } = await import("@/app/api/test/email/route");
    const res = await send(POST, "operator@example.com");
    expect(res.status).toBe(200);
    expect(await getDb().mailboxMessage.count({ where: { to: "operator@example.com" } })).toBe(1);
  });
});
