import { describe, expect, it } from "vitest";
import { GET as mailboxMessage } from "@/app/dev/mailbox/[id]/route";
import { GET as mailbox } from "@/app/dev/mailbox/route";
import MagicLinkEmail from "@/emails/magic-link";
import { sendEmail } from "@/lib/mail/send-email";
import { apiRequest, routeParams } from "@/tests/support/factories";

type Entry = {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  createdAt: string;
};

async function listJson(query: string): Promise<Entry[]> {
  const res = await mailbox(apiRequest("GET", `/dev/mailbox?format=json${query}`));
  expect(res.status).toBe(200);
  return res.json();
}

describe("sendEmail through the local mailbox", () => {
  it("stores the rendered HTML, a plain-text part and the headers", async () => {
    const url = "http://localhost:3000/api/auth/callback/email?token=abc&email=a%40b.co";
    const result = await sendEmail({
      to: "Reader@Example.com",
      subject: "Sign in to LinkStash",
      react: MagicLinkEmail({ url, host: "localhost:3000" }),
      headers: { "X-Entity-Ref": "ref-1" },
    });
    expect(result).toEqual({ ok: true, id: expect.any(String) });
    const [message] = await listJson("&to=reader%40example.com");
    expect(message).toMatchObject({
      to: "reader@example.com",
      subject: "Sign in to LinkStash",
      headers: { "X-Entity-Ref": "ref-1" },
    });
    expect(message?.html).toContain(
      'href="http://localhost:3000/api/auth/callback/email?token=abc&amp;email=a%40b.co"',
    );
    expect(message?.text).toContain(url);
    expect(message?.text).not.toContain("<");
  });
});

describe("GET /dev/mailbox", () => {
  it("lists newest first and filters by recipient", async () => {
    for (const subject of ["first", "second", "third"]) {
      await sendEmail({ to: "order@example.com", subject, react: MagicLinkEmail({ url: "http://x.test", host: "x" }) });
    }
    await sendEmail({
      to: "other@example.com",
      subject: "elsewhere",
      react: MagicLinkEmail({ url: "http://x.test", host: "x" }),
    });
    const mine = await listJson("&to=order@example.com");
    expect(mine.map((m) => m.subject)).toEqual(["third", "second", "first"]);
    const all = await listJson("");
    expect(all.map((m) => m.subject)).toContain("elsewhere");
  });

  it("renders an HTML index and a message page, and 404 for an unknown message", async () => {
    await sendEmail({
      to: "view@example.com",
      subject: "Look <here>",
      react: MagicLinkEmail({ url: "http://x.test", host: "x" }),
    });
    const index = await mailbox(apiRequest("GET", "/dev/mailbox"));
    expect(index.headers.get("content-type")).toMatch(/text\/html/);
    const html = await index.text();
    expect(html).toContain("Look &lt;here&gt;");
    const [entry] = await listJson("&to=view@example.com");
    const page = await mailboxMessage(
      apiRequest("GET", `/dev/mailbox/${entry?.id}`),
      routeParams({ id: entry?.id ?? "" }),
    );
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Plain text");
    const missing = await mailboxMessage(apiRequest("GET", "/dev/mailbox/nope"), routeParams({ id: "nope" }));
    expect(missing.status).toBe(404);
  });

  // GET /dev/mailbox/%00 answered 500: the decoded NUL went into the query, which failed.
  it.each([
    ["%00", "\u0000"],
    ["a%00b", "a\u0000b"],
    ["%ED%A0%80", "\ud800"],
    ["x".repeat(200), "x".repeat(200)],
  ])("answers /dev/mailbox/%s with 404 and a message, never 500", async (raw, id) => {
    const res = await mailboxMessage(apiRequest("GET", `/dev/mailbox/${raw}`), routeParams({ id }));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: "not_found", message: "Not found" });
  });
});

describe("GET /dev/mailbox?to= with a NUL", () => {
  it("is a clear 400, not a server error", async () => {
    const res = await mailbox(apiRequest("GET", "/dev/mailbox?format=json&to=%00"));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: "validation_failed",
      message: "The recipient address contains a NUL character.",
    });
  });
});
