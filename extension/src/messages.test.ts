import { describe, expect, it } from "vitest";
import { parseMessage } from "./messages";

describe("parseMessage", () => {
  it("reads a save with every field", () => {
    expect(
      parseMessage({ type: "save", url: "https://example.test/a", title: "A", notes: "n", categories: ["News"] }),
    ).toEqual({
      type: "save",
      request: { url: "https://example.test/a", title: "A", notes: "n", categories: ["News"] },
    });
  });

  it("reads a save with the url alone, leaving the rest out", () => {
    expect(parseMessage({ type: "save", url: "example.test" })).toEqual({
      type: "save",
      request: { url: "example.test" },
    });
  });

  it("reads a flush", () => {
    expect(parseMessage({ type: "flush" })).toEqual({ type: "flush" });
  });

  it.each([
    ["no url", { type: "save" }],
    ["a number for the url", { type: "save", url: 3 }],
    ["a title that is not a string", { type: "save", url: "x.test", title: ["t"] }],
    ["categories that are not a list", { type: "save", url: "x.test", categories: "News" }],
    ["a category that is not a string", { type: "save", url: "x.test", categories: ["News", 1] }],
  ])("calls a save with %s invalid", (_, message) => {
    expect(parseMessage(message)).toEqual({ type: "invalid" });
  });

  it.each([null, "save", 1, { type: "other" }, {}])("leaves %j to other listeners", (message) => {
    expect(parseMessage(message)).toBeNull();
  });
});
