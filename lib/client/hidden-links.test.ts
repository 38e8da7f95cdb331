import { describe, expect, it } from "vitest";
import { hiddenLinkIds, hideLink, showLink, withoutHidden } from "./hidden-links";

const links = [{ id: "a" }, { id: "b" }, { id: "c" }];

describe("withoutHidden", () => {
  it("leaves out the hidden links and keeps the order of the rest", () => {
    expect(withoutHidden(links, new Set(["b"]))).toEqual([{ id: "a" }, { id: "c" }]);
  });

  it("keeps every link when none is hidden", () => {
    expect(withoutHidden(links, new Set())).toEqual(links);
  });
});

describe("hideLink and showLink", () => {
  it("hide a link until it is shown again, one id at a time, each change a new snapshot", () => {
    const before = hiddenLinkIds();
    hideLink("a");
    hideLink("b");
    const both = hiddenLinkIds();
    expect(both).not.toBe(before);
    expect([...both]).toEqual(["a", "b"]);
    showLink("a");
    expect(withoutHidden(links, hiddenLinkIds())).toEqual([{ id: "a" }, { id: "c" }]);
    showLink("b");
    expect(hiddenLinkIds().size).toBe(0);
  });
});
