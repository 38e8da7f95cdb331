import { describe, expect, it } from "vitest";
import { emailChangeAction, livePendingEmail } from "./email-change-rule";

const NOW = new Date("2026-11-23T12:00:00Z");
const LATER = new Date("2026-11-24T12:00:00Z");
const EARLIER = new Date("2026-11-22T12:00:00Z");

const user = (pendingEmail: string | null = null, pendingEmailExpires: Date | null = null) => ({
  email: "me@example.com",
  pendingEmail,
  pendingEmailExpires,
});

describe("livePendingEmail", () => {
  it("is the waiting address until its link expires", () => {
    expect(livePendingEmail(user("new@example.com", LATER), NOW)).toBe("new@example.com");
    expect(livePendingEmail(user("new@example.com", EARLIER), NOW)).toBeNull();
    expect(livePendingEmail(user(), NOW)).toBeNull();
  });
});

describe("emailChangeAction", () => {
  it("keeps the address in use when it is submitted again", () => {
    expect(emailChangeAction(user(), "me@example.com", true, NOW)).toBe("keep");
  });

  it("starts a confirmation for another address", () => {
    expect(emailChangeAction(user(), "new@example.com", true, NOW)).toBe("start");
  });

  it("does not send the same waiting change again", () => {
    expect(emailChangeAction(user("new@example.com", LATER), "new@example.com", true, NOW)).toBe("keep");
  });

  it("sends a fresh link once the waiting one has expired", () => {
    expect(emailChangeAction(user("new@example.com", EARLIER), "new@example.com", true, NOW)).toBe("start");
  });

  it("replaces a waiting change with another address", () => {
    expect(emailChangeAction(user("new@example.com", LATER), "other@example.com", true, NOW)).toBe("start");
  });

  it("cancels a waiting change when the address in use is submitted", () => {
    expect(emailChangeAction(user("new@example.com", LATER), "me@example.com", true, NOW)).toBe("cancel");
    expect(emailChangeAction(user("new@example.com", EARLIER), "me@example.com", true, NOW)).toBe("cancel");
  });

  it("asks to confirm an address in use that was never proven", () => {
    expect(emailChangeAction(user(), "me@example.com", false, NOW)).toBe("start");
    expect(emailChangeAction(user("me@example.com", LATER), "me@example.com", false, NOW)).toBe("keep");
  });
});
