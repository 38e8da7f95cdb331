import { describe, expect, it } from "vitest";
import { kindleSendSchema, kindleSettingsSchema } from "@/lib/epub/schemas";

describe("kindleSettingsSchema", () => {
  it("takes a Send to Kindle address, trimmed and in lower case", () => {
    expect(kindleSettingsSchema.parse({ kindleEmail: "  Reader_42@Kindle.com " }).kindleEmail).toBe(
      "reader_42@kindle.com",
    );
    expect(kindleSettingsSchema.parse({ kindleEmail: "a@free.kindle.com" }).kindleEmail).toBe("a@free.kindle.com");
  });

  it("refuses any other address, so books go to Kindles only", () => {
    for (const kindleEmail of ["reader@gmail.com", "reader@kindle.com.evil.example", "kindle.com", "a@b@kindle.com"])
      expect(kindleSettingsSchema.safeParse({ kindleEmail }).success).toBe(false);
  });

  it("removes the address when it is empty or null", () => {
    expect(kindleSettingsSchema.parse({ kindleEmail: "" }).kindleEmail).toBeNull();
    expect(kindleSettingsSchema.parse({ kindleEmail: null, kindleWithDigest: false }).kindleEmail).toBeNull();
  });
});

describe("kindleSendSchema", () => {
  it("takes one link or History's filters, and nothing else", () => {
    expect(kindleSendSchema.parse({ link: "abc" })).toMatchObject({ link: "abc" });
    expect(kindleSendSchema.parse({ category: "Rust", unread: true, q: "async" })).toMatchObject({
      category: "Rust",
      unread: true,
      q: "async:*",
    });
    expect(kindleSendSchema.safeParse({ to: "someone@example.com" }).success).toBe(false);
  });
});
