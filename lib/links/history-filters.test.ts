import { describe, expect, it } from "vitest";
import { firstHistoryPageUrl, historyFiltersOf } from "./history-filters";

describe("the history page's filters", () => {
  it("reads them from the address, trimmed, and writes the first page's API address", () => {
    const filters = historyFiltersOf(new URLSearchParams("category=%20Tools%20&q=%20rust%20&unread=1&favorites=1"));
    expect(filters).toEqual({ category: "Tools", q: "rust", unread: true, favorites: true });
    expect(firstHistoryPageUrl(filters)).toBe("/api/links/history?category=Tools&q=rust&unread=1&favorites=1");
  });

  it("leaves out what is not set", () => {
    const filters = historyFiltersOf(new URLSearchParams("unread=0&favorites=0&q=%20"));
    expect(filters).toEqual({ category: "", q: "", unread: false, favorites: false });
    expect(firstHistoryPageUrl(filters)).toBe("/api/links/history");
  });
});
