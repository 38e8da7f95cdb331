import { describe, expect, it } from "vitest";
import { categoryNamesOf, errorOf, linkOf, UNREACHABLE_MESSAGE } from "./server";

describe("errorOf", () => {
  it("passes the server's code and message on", () => {
    expect(
      errorOf({ status: 400, body: { code: "validation_failed", message: "Please enter a valid website address" } }),
    ).toEqual({ code: "validation_failed", message: "Please enter a valid website address" });
  });

  it("names an unreachable server and a bare status", () => {
    expect(errorOf({ status: 0, body: null })).toEqual({ code: "unreachable", message: UNREACHABLE_MESSAGE });
    expect(errorOf({ status: 418, body: "<html>" })).toEqual({
      code: "http_error",
      message: "LinkStash answered 418.",
    });
  });
});

describe("linkOf", () => {
  it("reads a save's and a lookup's link", () => {
    const link = { id: "l1", url: "https://example.test/", title: null, categories: ["News", 3] };
    expect(linkOf({ success: true, link })).toEqual({ ...link, categories: ["News"] });
    expect(linkOf({ link: null })).toBeNull();
    expect(linkOf({ link: { id: 1 } })).toBeNull();
  });
});

describe("categoryNamesOf", () => {
  it("reads the names of the custom categories", () => {
    expect(categoryNamesOf([{ id: "c", name: "Recipes" }, { id: "d" }, "x"])).toEqual(["Recipes"]);
    expect(categoryNamesOf({ code: "unauthenticated" })).toEqual([]);
  });
});
