import { describe, expect, it } from "vitest";
import { mailboxIdentity, sameMailbox } from "./mailbox-identity";

describe("mailboxIdentity", () => {
  it.each([
    ["reader@example.com", "reader@example.com"],
    [" Reader@Example.COM ", "reader@example.com"],
    ["reader+stash1@example.com", "reader@example.com"],
    ["reader+a+b@example.com", "reader@example.com"],
    ["first.last@example.com", "first.last@example.com"],
    ["first.last+x@gmail.com", "firstlast@gmail.com"],
    ["F.i.R.s.T.last@GoogleMail.com", "firstlast@gmail.com"],
    ["reader@example.com.", "reader@example.com"],
    ["+tag@example.com", "+tag@example.com"],
    ["not-an-address", "not-an-address"],
    ['"a@b"@example.com', '"a@b"@example.com'],
  ])("%j is %j", (email, identity) => {
    expect(mailboxIdentity(email)).toBe(identity);
  });

  it("tells the six plus-addressed accounts of the report apart from nobody", () => {
    const farm = Array.from({ length: 6 }, (_, i) => `farmer+${i}@example.com`);
    expect(new Set(farm.map(mailboxIdentity))).toEqual(new Set(["farmer@example.com"]));
  });
});

describe("sameMailbox", () => {
  it("matches the spellings of one inbox", () => {
    expect(sameMailbox("jane.doe@gmail.com", "janedoe+invite@googlemail.com")).toBe(true);
    expect(sameMailbox("Jane@Example.com", "jane+1@example.com")).toBe(true);
  });

  it("keeps different inboxes apart", () => {
    // Dots matter outside Gmail.
    expect(sameMailbox("jane.doe@example.com", "janedoe@example.com")).toBe(false);
    expect(sameMailbox("jane@example.com", "jane@example.org")).toBe(false);
    expect(sameMailbox("jane@gmail.com", "john@gmail.com")).toBe(false);
  });
});
