import { describe, expect, it } from "vitest";
import { GET, POST } from "@/app/api/unsubscribe/route";
import { getDb } from "@/lib/db/client";
import { unsubscribeHeaders, unsubscribeStatus, unsubscribeToken } from "@/lib/digests/unsubscribe";
import { apiRequest, createUser, ORIGIN, signedInUser } from "@/tests/support/factories";

const NEXT_DIGEST = new Date("2030-01-07T08:00:00.000Z");
const INVALID = { code: "invalid_signature", message: "This unsubscribe link is invalid." };

function subscribedUser() {
  return createUser({ emailFrequency: "weekly", emailDays: [1], emailHours: { "1": 8 }, nextDigestAt: NEXT_DIGEST });
}

async function digestSettings(userId: string) {
  return getDb().user.findUniqueOrThrow({
    where: { id: userId },
    select: { emailFrequency: true, nextDigestAt: true, emailDays: true, emailHours: true, emailTime: true },
  });
}

/** A POST as a mail provider sends it (RFC 8058): no cookie, no Origin, a form body. */
function oneClick(path: string): Request {
  return apiRequest("POST", path, {
    origin: null,
    body: "List-Unsubscribe=One-Click",
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

describe("POST /api/unsubscribe (one-click)", () => {
  it("turns digests off without a session or Origin, through the List-Unsubscribe URL", async () => {
    const user = await subscribedUser();
    const target = /^<(.+)>$/.exec(unsubscribeHeaders(user.id)["List-Unsubscribe"] ?? "")?.[1] ?? "";
    expect(target.startsWith(`${ORIGIN}/api/unsubscribe?token=`)).toBe(true);

    const res = await POST(oneClick(target.slice(ORIGIN.length)));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: "You have been unsubscribed from digest emails." });
    expect(await digestSettings(user.id)).toMatchObject({
      emailFrequency: "none",
      nextDigestAt: null,
      emailDays: [1],
      emailHours: { "1": 8 },
    });
  });

  it("accepts the page's bodiless POST, and is idempotent", async () => {
    const { user, cookie } = await signedInUser({ emailFrequency: "daily", nextDigestAt: NEXT_DIGEST });
    const path = `/api/unsubscribe?token=${unsubscribeToken(user.id)}`;
    const first = await POST(apiRequest("POST", path, { cookie }));
    expect(first.status).toBe(200);
    const second = await POST(oneClick(path));
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ success: true, message: "You have been unsubscribed from digest emails." });
    expect(await digestSettings(user.id)).toMatchObject({ emailFrequency: "none", nextDigestAt: null });
  });

  it("touches only the token's user", async () => {
    const user = await subscribedUser();
    const other = await subscribedUser();
    const res = await POST(oneClick(`/api/unsubscribe?token=${unsubscribeToken(user.id)}`));
    expect(res.status).toBe(200);
    expect(await digestSettings(other.id)).toMatchObject({ emailFrequency: "weekly", nextDigestAt: NEXT_DIGEST });
  });

  it("ignores the Origin: the signed token is the authentication", async () => {
    const user = await subscribedUser();
    const res = await POST(
      apiRequest("POST", `/api/unsubscribe?token=${unsubscribeToken(user.id)}`, {
        origin: "https://mail.provider.example",
      }),
    );
    expect(res.status).toBe(200);
    expect((await digestSettings(user.id)).emailFrequency).toBe("none");
  });

  it.each([
    ["a missing token", "/api/unsubscribe"],
    ["an empty token", "/api/unsubscribe?token="],
    ["garbage", "/api/unsubscribe?token=not-a-token"],
    ["a forged signature", "/api/unsubscribe?token=FORGED"],
  ])("answers 400 for %s and changes nothing", async (_case, path) => {
    const user = await subscribedUser();
    const token = unsubscribeToken(user.id);
    const forged = `${token.split(".")[0]}.${"A".repeat(43)}`;
    const res = await POST(oneClick(path.replace("FORGED", forged)));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(INVALID);
    expect(await digestSettings(user.id)).toMatchObject({ emailFrequency: "weekly", nextDigestAt: NEXT_DIGEST });
  });

  it("answers 404 for a deleted account", async () => {
    const user = await subscribedUser();
    await getDb().user.delete({ where: { id: user.id } });
    const res = await POST(oneClick(`/api/unsubscribe?token=${unsubscribeToken(user.id)}`));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: "not_found", message: expect.any(String) });
  });
});

describe("GET /api/unsubscribe", () => {
  it("leads to the confirmation page and changes nothing", async () => {
    const user = await subscribedUser();
    const token = unsubscribeToken(user.id);
    const res = await GET(apiRequest("GET", `/api/unsubscribe?token=${token}`));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${ORIGIN}/unsubscribe?token=${token}`);
    expect(await digestSettings(user.id)).toMatchObject({ emailFrequency: "weekly", nextDigestAt: NEXT_DIGEST });
  });
});

describe("unsubscribeStatus (the /unsubscribe page)", () => {
  it("shows the masked address of a subscribed user and changes nothing", async () => {
    const user = await createUser({
      email: "reader-status@example.com",
      emailFrequency: "weekly",
      nextDigestAt: NEXT_DIGEST,
    });
    const token = unsubscribeToken(user.id);
    expect(await unsubscribeStatus(token)).toEqual({ state: "subscribed", token, maskedEmail: "r•••@example.com" });
    expect(await digestSettings(user.id)).toMatchObject({ emailFrequency: "weekly", nextDigestAt: NEXT_DIGEST });
  });

  it("knows an unsubscribed user, a deleted account and a bad token", async () => {
    const off = await createUser({ emailFrequency: "none" });
    expect((await unsubscribeStatus(unsubscribeToken(off.id))).state).toBe("unsubscribed");
    const gone = await createUser();
    await getDb().user.delete({ where: { id: gone.id } });
    expect(await unsubscribeStatus(unsubscribeToken(gone.id))).toEqual({ state: "gone" });
    expect(await unsubscribeStatus("nope")).toEqual({ state: "invalid" });
    expect(await unsubscribeStatus(undefined)).toEqual({ state: "invalid" });
  });
});
