import { describe, expect, it } from "vitest";
import type { HighlightResponse } from "@/lib/highlights/response";
import { addHighlight, removeHighlight, replaceHighlight, sortHighlights } from "./highlight-list";

const highlight = (id: string, createdAt: string, note: string | null = null): HighlightResponse => ({
  id,
  linkId: "link",
  quote: `quote ${id}`,
  prefix: "",
  suffix: "",
  start: 0,
  end: 5,
  note,
  color: "yellow",
  createdAt,
  updatedAt: createdAt,
});

const first = highlight("b", "2026-11-01T10:00:00.000Z");
const second = highlight("a", "2026-11-02T10:00:00.000Z");
const sameTime = highlight("c", "2026-11-02T10:00:00.000Z");

describe("sortHighlights", () => {
  it("lists the oldest first and those made at the same time by id, as the server does", () => {
    expect(sortHighlights([sameTime, second, first]).map((item) => item.id)).toEqual(["b", "a", "c"]);
  });
});

describe("addHighlight", () => {
  it("puts a new highlight in its place and leaves the list it was given as it was", () => {
    const list = [first, sameTime];
    expect(addHighlight(list, second).map((item) => item.id)).toEqual(["b", "a", "c"]);
    expect(list.map((item) => item.id)).toEqual(["b", "c"]);
  });

  it("holds a highlight once when it is added again", () => {
    const again = { ...second, note: "answered twice" };
    expect(addHighlight([first, second], again)).toEqual([first, again]);
  });

  it("starts a list that was never loaded", () => {
    expect(addHighlight([], first)).toEqual([first]);
  });
});

describe("replaceHighlight", () => {
  it("replaces the saved highlight where it is", () => {
    const edited: HighlightResponse = { ...first, note: "a note", color: "blue" };
    expect(replaceHighlight([first, second], edited)).toEqual([edited, second]);
  });

  it("does not add a highlight the list does not hold", () => {
    expect(replaceHighlight([first], second)).toEqual([first]);
  });
});

describe("removeHighlight", () => {
  it("leaves out the deleted highlight only", () => {
    expect(removeHighlight([first, second, sameTime], "a")).toEqual([first, sameTime]);
  });
});
