import { describe, expect, it } from "vitest";
import { repeatedSaveChange } from "@/lib/links/repeated-save";

const first = { notes: null, categories: ["Uncategorized"] };

describe("repeatedSaveChange", () => {
  it("changes nothing when the second save brings nothing new", () => {
    expect(repeatedSaveChange(first, { notes: null, categories: ["Uncategorized"] }, 5000)).toBeNull();
    expect(
      repeatedSaveChange(
        { notes: "read later", categories: ["News"] },
        { notes: "read later", categories: ["news"] },
        5000,
      ),
    ).toBeNull();
  });

  it("gives a link without notes the new notes", () => {
    expect(repeatedSaveChange(first, { notes: "from the newsletter", categories: ["Uncategorized"] }, 5000)).toEqual({
      notes: "from the newsletter",
    });
  });

  it("adds new notes below the first ones, and not twice", () => {
    const saved = { notes: "first thought", categories: ["News"] };
    expect(repeatedSaveChange(saved, { notes: "second thought", categories: [] }, 5000)).toEqual({
      notes: "first thought\n\nsecond thought",
    });
    expect(
      repeatedSaveChange(
        { ...saved, notes: "first thought\n\nsecond thought" },
        { notes: "second thought", categories: [] },
        5000,
      ),
    ).toBeNull();
  });

  it("cuts merged notes to the limit", () => {
    const change = repeatedSaveChange(
      { notes: "a".repeat(8), categories: ["News"] },
      { notes: "b".repeat(8), categories: [] },
      12,
    );
    expect(change).toEqual({ notes: "aaaaaaaa\n\nbb" });
  });

  it("replaces Uncategorized with the categories a second save brings", () => {
    expect(repeatedSaveChange(first, { notes: null, categories: ["Tech", "News"] }, 5000)).toEqual({
      category: "Tech",
      categories: ["Tech", "News"],
    });
  });

  it("keeps the first categories first and stops at three, ignoring case", () => {
    expect(
      repeatedSaveChange(
        { notes: null, categories: ["News", "Tech"] },
        { notes: null, categories: ["tech", "Work", "Fun"] },
        5000,
      ),
    ).toEqual({ category: "News", categories: ["News", "Tech", "Work"] });
  });

  it("leaves a link with all three categories as it is", () => {
    expect(
      repeatedSaveChange({ notes: null, categories: ["A", "B", "C"] }, { notes: null, categories: ["D"] }, 5000),
    ).toBeNull();
  });

  it("makes a read or archived link unread and not archived, keeping the notes and categories rules", () => {
    const read = { notes: "first", categories: ["News"], readAt: new Date("2026-11-28T08:00:00Z"), archivedAt: null };
    expect(repeatedSaveChange(read, { notes: null, categories: [] }, 5000)).toEqual({ readAt: null });
    const archived = { ...read, readAt: null, archivedAt: new Date("2026-11-28T09:00:00Z") };
    expect(repeatedSaveChange(archived, { notes: "second", categories: ["Tech"] }, 5000)).toEqual({
      archivedAt: null,
      notes: "first\n\nsecond",
      categories: ["News", "Tech"],
      category: "News",
    });
    expect(repeatedSaveChange({ ...read, readAt: null }, { notes: null, categories: [] }, 5000)).toBeNull();
  });
});
