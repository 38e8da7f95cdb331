import { describe, expect, it } from "vitest";
import { bookTitle } from "@/lib/epub/book-title";

describe("bookTitle", () => {
  it("names one link's book after the link", () => {
    expect(bookTitle({ linkTitle: "A page" })).toEqual({ title: "A page", description: "A link you saved" });
  });

  it("names a filtered book after its filters, all links when there are none", () => {
    expect(bookTitle({})).toEqual({ title: "LinkStash: all links", description: "All your links" });
    expect(bookTitle({ unread: true, category: "Rust", search: "async io" }).title).toBe(
      "LinkStash: Unread, Rust, “async io”",
    );
  });
});
