import { describe, expect, it } from "vitest";
import { kindleSender, kindleSenderTag } from "@/lib/epub/kindle-sender";

describe("the sender of a user's Kindle books", () => {
  it("is EMAIL_FROM with a tag of the user's own, its display name kept", () => {
    const sender = kindleSender("LinkStash <digest@linkstash.example>", "user-a");
    expect(sender.address).toMatch(/^digest\+kindle-[a-z2-7]{10}@linkstash\.example$/);
    expect(sender.from).toBe(`LinkStash <${sender.address}>`);
    expect(kindleSender("digest@linkstash.example", "user-a")).toEqual({
      address: sender.address,
      from: sender.address,
    });
  });

  it("differs between users and stays the same for one", () => {
    const tags = new Set(Array.from({ length: 1000 }, (_, i) => kindleSenderTag(`user-${i}`)));
    expect(tags.size).toBe(1000);
    expect(kindleSenderTag("user-a")).toBe(kindleSenderTag("user-a"));
    expect(kindleSender("digest@x.example", "user-a").address).not.toBe(
      kindleSender("digest@x.example", "user-b").address,
    );
  });

  it("keeps one sub-address separator when EMAIL_FROM already has one", () => {
    expect(kindleSender("Books <mail+books@x.example>", "user-a").address).toMatch(
      /^mail\+books-kindle-[a-z2-7]{10}@x\.example$/,
    );
  });
});
