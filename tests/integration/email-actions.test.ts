import { describe, expect, it } from "vitest";
import { POST as markRead } from "@/app/api/mark-read/route";
import { POST as notInterested } from "@/app/api/not-interested/route";
import { POST as snooze } from "@/app/api/snooze/route";
import { getDb } from "@/lib/db/client";
import { EMAIL_ACTIONS, type EmailAction, emailActionToken } from "@/lib/digests/email-actions";
import { EMAIL_ACTION_GONE_MESSAGE } from "@/lib/digests/email-action-response";
import { applyEmailAction, emailActionStatus } from "@/lib/digests/email-action-service";
import { calendarDayAsDate, snoozeDay } from "@/lib/digests/snooze-day";
import { EMAIL_ACTION_INVALID_MESSAGE } from "@/lib/digests/schemas";
import { apiRequest, ORIGIN, signedInUser } from "@/tests/support/factories";

// A digest's three one-click links (Mark as read, Snooze a week, Not interested): the page's
// status read on GET changes nothing; the POST applies the action with the token alone, JSON or
// the page's plain form, and repeating it changes nothing more.

const ROUTES: Record<EmailAction, (req: Request) => Promise<Response>> = {
  "mark-read": markRead,
  snooze,
  "not-interested": notInterested,
};

type PostOptions = { origin?: string | null; cookie?: string; form?: boolean };

function post(action: EmailAction, token: unknown, { origin, cookie, form = false }: PostOptions = {}) {
  const path = `/api/${action}`;
  if (!form) return ROUTES[action](apiRequest("POST", path, { json: { token }, origin, cookie }));
  const body = new URLSearchParams({ token: String(token) }).toString();
  const headers = { "content-type": "application/x-www-form-urlencoded" };
  return ROUTES[action](apiRequest("POST", path, { body, headers, origin, cookie }));
}

const STATE = { readAt: true, remindOn: true, archivedAt: true } as const;
const linkState = (id: string) => getDb().link.findUniqueOrThrow({ where: { id }, select: STATE });

async function ownerWithLink(timezone = "UTC") {
  const { user, cookie } = await signedInUser({ timezone });
  const link = await getDb().link.create({
    data: { userId: user.id, url: "https://a.example/article", title: "An article" },
  });
  return { user, cookie, link };
}

describe.each(EMAIL_ACTIONS)("the digest's %s link", (action) => {
  it("opens a page that changes nothing", async () => {
    const { user, link } = await ownerWithLink();
    const token = emailActionToken(action, link.id, user.id);
    const before = await linkState(link.id);
    expect(await emailActionStatus(action, token)).toMatchObject({
      state: "found",
      token,
      title: "An article",
      url: "https://a.example/article",
      done: false,
    });
    expect(await linkState(link.id)).toEqual(before);
  });

  it("applies with the token alone (no session), says nothing more, and is then shown done", async () => {
    const { user, link } = await ownerWithLink();
    const token = emailActionToken(action, link.id, user.id);
    const res = await post(action, token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(await emailActionStatus(action, token)).toMatchObject({ state: "found", done: true });
  });

  it("answers the page's plain form with a 303 back to the page", async () => {
    const { user, link } = await ownerWithLink();
    const token = emailActionToken(action, link.id, user.id);
    const res = await post(action, token, { form: true });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get("location") ?? "");
    expect(location.origin).toBe(ORIGIN);
    expect(location.pathname).toBe(`/${action}`);
    expect(location.searchParams.get("token")).toBe(token);
    expect(await emailActionStatus(action, token)).toMatchObject({ state: "found", done: true });
    // Repeated (a second press, a reload that posts again): the same answer.
    expect((await post(action, token, { form: true })).status).toBe(303);
  });

  it("refuses a bad token, or one signed for another action, with 400 and the invalid page", async () => {
    const { user, link } = await ownerWithLink();
    const token = emailActionToken(action, link.id, user.id);
    const before = await linkState(link.id);
    const others = EMAIL_ACTIONS.filter((name) => name !== action).map((name) =>
      emailActionToken(name, link.id, user.id),
    );
    for (const bad of ["", "garbage", `${token}x`, "\u0000.\u0000.\u0000", ...others]) {
      const res = await post(action, bad);
      expect(res.status, bad.slice(0, 40)).toBe(400);
      expect(await res.json()).toEqual({ code: "invalid_signature", message: EMAIL_ACTION_INVALID_MESSAGE });
      expect(await emailActionStatus(action, bad)).toEqual({ state: "invalid" });
      // The form is refused the same way: the page never offers a form for a bad token.
      expect((await post(action, bad, { form: true })).status).toBe(400);
    }
    const tooLong = await post(action, "a".repeat(600));
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toEqual({ code: "validation_failed", message: EMAIL_ACTION_INVALID_MESSAGE });
    for (const body of [undefined, 42, null]) expect((await post(action, body)).status).toBe(400);
    expect(await linkState(link.id)).toEqual(before);
  });

  it("does nothing to a link for another user's token (404), and says a deleted link is gone", async () => {
    const { user, link } = await ownerWithLink();
    const other = await signedInUser();
    const before = await linkState(link.id);
    // Signed, but for someone who does not own the link.
    const foreign = emailActionToken(action, link.id, other.user.id);
    expect((await post(action, foreign, { cookie: other.cookie })).status).toBe(404);
    expect(await emailActionStatus(action, foreign)).toEqual({ state: "gone" });
    expect(await linkState(link.id)).toEqual(before);

    const token = emailActionToken(action, link.id, user.id);
    await getDb().link.delete({ where: { id: link.id } });
    const gone = await post(action, token);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ code: "not_found", message: EMAIL_ACTION_GONE_MESSAGE });
    expect(await emailActionStatus(action, token)).toEqual({ state: "gone" });
    // The form goes back to the page, which says so.
    expect((await post(action, token, { form: true })).headers.get("location")).toContain(`/${action}?token=`);
  });

  it("refuses a cross-origin POST, JSON or form, and one without an Origin", async () => {
    const { user, link } = await ownerWithLink();
    const token = emailActionToken(action, link.id, user.id);
    const before = await linkState(link.id);
    for (const origin of ["https://evil.example", "null", null]) {
      const res = await post(action, token, { origin });
      expect(res.status, String(origin)).toBe(403);
      expect(await res.json()).toMatchObject({ code: "cross_origin" });
      expect((await post(action, token, { origin, form: true })).status).toBe(403);
    }
    expect(await linkState(link.id)).toEqual(before);
  });
});

describe("Mark as read", () => {
  it("keeps the first read time when repeated", async () => {
    const { user, link } = await ownerWithLink();
    const token = emailActionToken("mark-read", link.id, user.id);
    await post("mark-read", token);
    const { readAt } = await linkState(link.id);
    expect(readAt).not.toBeNull();
    await post("mark-read", token);
    expect((await linkState(link.id)).readAt).toEqual(readAt);
  });
});

describe("Snooze a week", () => {
  it("brings the link back on the owner's local day a week on, and repeating it that day does not push it further", async () => {
    const { user, link } = await ownerWithLink("Europe/Berlin");
    const token = emailActionToken("snooze", link.id, user.id);
    const before = snoozeDay("Europe/Berlin", new Date());
    const status = await emailActionStatus("snooze", token);
    expect(status).toMatchObject({ state: "found", done: false });
    await post("snooze", token);
    await post("snooze", token);
    const after = snoozeDay("Europe/Berlin", new Date());
    const { remindOn } = await linkState(link.id);
    // The same day unless the clock passed Berlin's midnight during the test.
    expect([before, after].map(calendarDayAsDate)).toContainEqual(remindOn);
    expect(await emailActionStatus("snooze", token)).toMatchObject({ state: "found", done: true });
  });

  it.each([
    // 10:30 UTC on November 26 is already November 27 on Kiritimati (UTC+14), and 00:30 on November 26 on Adak (UTC-10).
    { timezone: "Pacific/Kiritimati", day: "2026-12-04" },
    { timezone: "America/Adak", day: "2026-12-03" },
  ])("counts the week from the owner's own today in $timezone", async ({ timezone, day }) => {
    const now = new Date("2026-11-26T10:30:00Z");
    const { user, link } = await ownerWithLink(timezone);
    const token = emailActionToken("snooze", link.id, user.id);
    expect(await emailActionStatus("snooze", token, now)).toMatchObject({ comesBackOn: day, done: false });
    expect(await applyEmailAction("snooze", token, now)).toBe("applied");
    // Later that same local day: the same day, not a week from the repeat.
    expect(await applyEmailAction("snooze", token, new Date(now.getTime() + 9 * 3_600_000))).toBe("applied");
    expect((await linkState(link.id)).remindOn).toEqual(calendarDayAsDate(day));
    expect(await emailActionStatus("snooze", token, now)).toMatchObject({ comesBackOn: day, done: true });
    // The next local day, a week from that one.
    await applyEmailAction("snooze", token, new Date(now.getTime() + 24 * 3_600_000));
    expect((await linkState(link.id)).remindOn).not.toEqual(calendarDayAsDate(day));
  });

  it("takes back a link set aside as not interested (the later click wins), and replaces an earlier reminder", async () => {
    const { user, link } = await ownerWithLink();
    await getDb().link.update({
      where: { id: link.id },
      data: { archivedAt: new Date(), remindOn: calendarDayAsDate("2099-01-01") },
    });
    const now = new Date("2026-11-26T12:00:00Z");
    await applyEmailAction("snooze", emailActionToken("snooze", link.id, user.id), now);
    expect(await linkState(link.id)).toMatchObject({ archivedAt: null, remindOn: calendarDayAsDate("2026-12-03") });
  });
});

describe("Not interested", () => {
  it("sets the link aside, keeping it and the first time, and drops its reminder", async () => {
    const { user, link } = await ownerWithLink();
    await getDb().link.update({ where: { id: link.id }, data: { remindOn: calendarDayAsDate("2099-01-01") } });
    const token = emailActionToken("not-interested", link.id, user.id);
    await post("not-interested", token);
    const { archivedAt, remindOn, readAt } = await linkState(link.id);
    expect(archivedAt).not.toBeNull();
    expect(remindOn).toBeNull();
    expect(readAt).toBeNull();
    await post("not-interested", token);
    expect((await linkState(link.id)).archivedAt).toEqual(archivedAt);
    expect(await getDb().link.count({ where: { id: link.id } })).toBe(1);
  });
});
