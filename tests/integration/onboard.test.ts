import { describe, expect, it } from "vitest";
import { POST as onboard } from "@/app/api/user/onboard/route";
import { getDb } from "@/lib/db/client";
import { apiRequest, createUser, signedInUser } from "@/tests/support/factories";

const valid = { email: "New.Person@Example.com", emailTime: 20, timezone: "Asia/Kolkata" };

describe("POST /api/user/onboard", () => {
  it("stores hour and time zone, marks the user onboarded, and makes another address pending", async () => {
    const { user, cookie } = await signedInUser({ onboarded: false });
    const res = await onboard(apiRequest("POST", "/api/user/onboard", { cookie, json: valid }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, pendingEmail: "new.person@example.com" });
    const stored = await getDb().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored).toMatchObject({
      email: user.email,
      pendingEmail: "new.person@example.com",
      emailTime: 20,
      timezone: "Asia/Kolkata",
      onboarded: true,
    });
    // The first daily digest is scheduled at 20:00 in Kolkata (+05:30), i.e. at 14:30 UTC.
    expect(stored.nextDigestAt?.getTime()).toBeGreaterThan(Date.now());
    expect(stored.nextDigestAt?.getTime()).toBeLessThanOrEqual(Date.now() + 86_400_000);
    expect(stored.nextDigestAt?.toISOString()).toMatch(/T14:30:00\.000Z$/);
  });

  it("keeps the time zone when none is sent", async () => {
    const { user, cookie } = await signedInUser({ onboarded: false, timezone: "Europe/Berlin" });
    const res = await onboard(
      apiRequest("POST", "/api/user/onboard", { cookie, json: { email: user.email, emailTime: 3 } }),
    );
    expect(res.status).toBe(200);
    expect((await getDb().user.findUniqueOrThrow({ where: { id: user.id } })).timezone).toBe("Europe/Berlin");
  });

  it("answers 401 when signed out", async () => {
    const res = await onboard(apiRequest("POST", "/api/user/onboard", { json: valid }));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ code: "unauthenticated", message: expect.any(String) });
  });

  it.each([
    ["a malformed email", { ...valid, email: "not-an-email" }, "Please enter a valid email address"],
    ["a missing email", { emailTime: 20 }, "Please enter a valid email address"],
    ["an email of the wrong type", { ...valid, email: 42 }, "Please enter a valid email address"],
    ["a missing hour", { email: valid.email }, "Please select a time"],
    ["an hour of 24", { ...valid, emailTime: 24 }, "Please select a time"],
    ["a fractional hour", { ...valid, emailTime: 7.5 }, "Please select a time"],
    ["an hour as text", { ...valid, emailTime: "20" }, "Please select a time"],
    ["an unknown time zone", { ...valid, timezone: "Mars/Olympus_Mons" }, "Please select a valid time zone"],
  ])("refuses %s with the product's message and changes nothing", async (_case, json, message) => {
    const { user, cookie } = await signedInUser({ onboarded: false });
    const res = await onboard(apiRequest("POST", "/api/user/onboard", { cookie, json }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: "validation_failed", message });
    const stored = await getDb().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored.onboarded).toBe(false);
    expect(stored.email).toBe(user.email);
  });

  it("refuses malformed JSON and a non-JSON body with 400", async () => {
    const { cookie } = await signedInUser({ onboarded: false });
    const malformed = await onboard(
      apiRequest("POST", "/api/user/onboard", {
        cookie,
        body: "{nope",
        headers: { "content-type": "application/json" },
      }),
    );
    expect(malformed.status).toBe(400);
    const form = await onboard(
      apiRequest("POST", "/api/user/onboard", {
        cookie,
        body: "email=a@b.co",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
    );
    expect(form.status).toBe(400);
    expect((await form.json()).message).toMatch(/JSON/);
  });

  it("refuses a cross-origin request with 403", async () => {
    const { cookie } = await signedInUser({ onboarded: false });
    const res = await onboard(
      apiRequest("POST", "/api/user/onboard", { cookie, json: valid, origin: "https://evil.example" }),
    );
    expect(res.status).toBe(403);
    const missing = await onboard(apiRequest("POST", "/api/user/onboard", { cookie, json: valid, origin: null }));
    expect(missing.status).toBe(403);
  });

  it("answers an address of another account as any other: onboarded, that address only pending", async () => {
    const other = await createUser();
    const { user, cookie } = await signedInUser({ onboarded: false });
    const res = await onboard(
      apiRequest("POST", "/api/user/onboard", { cookie, json: { ...valid, email: other.email } }),
    );
    expect(res.status).toBe(200);
    expect(await getDb().user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      email: user.email,
      onboarded: true,
    });
    expect(await getDb().user.findUniqueOrThrow({ where: { id: other.id } })).toEqual(other);
  });
});
