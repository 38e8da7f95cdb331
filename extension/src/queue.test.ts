import { describe, expect, it } from "vitest";
import { MAX_QUEUED_SAVES, outcomeOf, withoutSave, withSave, type QueuedSave } from "./queue";

const save = (id: string): QueuedSave => ({ id, request: { url: `https://example.test/${id}` }, queuedAt: "" });

describe("outcomeOf", () => {
  it.each([200, 201])("%i is saved (201 new, 200 already saved today)", (status) => {
    expect(outcomeOf(status)).toBe("saved");
  });

  it.each([0, 401, 408, 429, 500, 502, 503, 504])("%i is tried again later", (status) => {
    expect(outcomeOf(status)).toBe("retry");
  });

  it.each([400, 402, 403, 404, 409, 413, 422])("%i is refused for good", (status) => {
    expect(outcomeOf(status)).toBe("refused");
  });
});

describe("the queue", () => {
  it("adds at the end and removes by id only", () => {
    const queue = withSave([save("a")], save("b"));
    expect(queue?.map((entry) => entry.id)).toEqual(["a", "b"]);
    expect(withoutSave(queue ?? [], "a").map((entry) => entry.id)).toEqual(["b"]);
    expect(withoutSave(queue ?? [], "zz").map((entry) => entry.id)).toEqual(["a", "b"]);
  });

  it("refuses a save beyond the limit", () => {
    const full = Array.from({ length: MAX_QUEUED_SAVES }, (_, i) => save(String(i)));
    expect(withSave(full, save("one more"))).toBeNull();
    expect(withSave(full.slice(1), save("last"))).toHaveLength(MAX_QUEUED_SAVES);
  });
});
