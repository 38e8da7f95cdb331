import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { joinNames, splitNames, type NameSeparator } from "@/lib/import/name-list";

describe("category names joined into one field", () => {
  it("escapes a separator inside a name, and a % that would read as an escape, and nothing else", () => {
    expect(joinNames(["Later, maybe", "News"], ",")).toBe("Later%2C maybe,News");
    expect(joinNames(["a|b", "100% sure"], "|")).toBe("a%7Cb|100% sure");
    // The other separator is no separator here: left as it is.
    expect(joinNames(["a|b"], ",")).toBe("a|b");
    expect(joinNames(["x, y"], "|")).toBe("x, y");
    expect(joinNames(["50%2C off", "%25"], ",")).toBe("50%252C off,%2525");
  });

  it("gives back the very names it joined, for any names", () => {
    const name = fc.string({ unit: fc.constantFrom("a", ",", "|", "%", "2", "5", "C", "c", "7", " "), maxLength: 12 });
    fc.assert(
      fc.property(
        fc.array(name, { minLength: 1, maxLength: 4 }),
        fc.constantFrom<NameSeparator>(",", "|"),
        (names, sep) => {
          expect(splitNames(joinNames(names, sep), sep)).toEqual(names);
        },
      ),
      { numRuns: 2000, seed: 305 },
    );
  });

  it("reads a field no program escaped as plain separated names", () => {
    expect(splitNames("dessert,french", ",")).toEqual(["dessert", "french"]);
    expect(splitNames("databases|distributed systems", "|")).toEqual(["databases", "distributed systems"]);
  });
});
