import { describe, expect, it } from "vitest";
import { createInvitationSchema, invitationCodeSchema } from "./schemas";

describe("createInvitationSchema", () => {
  it("accepts no body, no recipient and a blank recipient as 'no email'", () => {
    for (const input of [undefined, {}, { recipientEmail: "" }, { recipientEmail: "   " }, { recipientEmail: null }]) {
      const parsed = createInvitationSchema.parse(input);
      expect(parsed?.recipientEmail ?? undefined).toBeUndefined();
    }
  });

  it("trims and lower-cases a recipient address", () => {
    expect(createInvitationSchema.parse({ recipientEmail: "  Friend@Example.COM " })).toEqual({
      recipientEmail: "friend@example.com",
    });
  });

  it.each([["not-an-email"], [42], ["a@b"]])("refuses %j with the address message", (recipientEmail) => {
    const result = createInvitationSchema.safeParse({ recipientEmail });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Please enter a valid email address");
  });
});

describe("invitationCodeSchema", () => {
  it("takes URL-safe codes of 10 to 64 characters only", () => {
    expect(invitationCodeSchema.safeParse("abcDEF_-12").success).toBe(true);
    expect(invitationCodeSchema.safeParse("short").success).toBe(false);
    expect(invitationCodeSchema.safeParse("has space 12").success).toBe(false);
    expect(invitationCodeSchema.safeParse("x".repeat(65)).success).toBe(false);
  });
});
