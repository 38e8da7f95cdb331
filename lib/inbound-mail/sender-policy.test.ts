import { describe, expect, it } from "vitest";
import { senderAllowed } from "./sender-policy";

const confirmed = ["owner@example.com"];

describe("whose mail a save address saves", () => {
  it("by default, mail whose From and envelope sender are both the account's address", () => {
    expect(
      senderAllowed({ from: "owner@example.com", envelopeSender: "owner@example.com", confirmed, anySender: false }),
    ).toBe(true);
    expect(
      senderAllowed({ from: "Owner@Example.com", envelopeSender: "<OWNER@example.com>", confirmed, anySender: false }),
    ).toBe(true);
  });

  it("refuses a stranger, a forged From with a stranger's envelope, and the null sender", () => {
    expect(
      senderAllowed({ from: "news@example.org", envelopeSender: "news@example.org", confirmed, anySender: false }),
    ).toBe(false);
    expect(
      senderAllowed({ from: "owner@example.com", envelopeSender: "spoofer@example.org", confirmed, anySender: false }),
    ).toBe(false);
    expect(
      senderAllowed({ from: "spoofer@example.org", envelopeSender: "owner@example.com", confirmed, anySender: false }),
    ).toBe(false);
    expect(senderAllowed({ from: "owner@example.com", envelopeSender: "", confirmed, anySender: false })).toBe(false);
    expect(senderAllowed({ from: null, envelopeSender: "owner@example.com", confirmed, anySender: false })).toBe(false);
  });

  it("saves anyone's mail when the user allows any sender", () => {
    expect(
      senderAllowed({ from: "news@example.org", envelopeSender: "bounce@example.org", confirmed, anySender: true }),
    ).toBe(true);
    expect(senderAllowed({ from: null, envelopeSender: null, confirmed, anySender: true })).toBe(true);
  });
});
