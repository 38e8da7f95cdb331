import { describe, expect, it } from "vitest";
import { awaitsTitle, TITLE_WAIT_MS } from "./awaiting-title";

const now = Date.parse("2026-11-28T12:00:00Z");
const savedAgo = (ms: number) => new Date(now - ms).toISOString();

describe("awaitsTitle", () => {
  it("waits while a link saved moments ago has no title", () => {
    expect(
      awaitsTitle(
        [
          { title: "Kept", createdAt: savedAgo(5_000) },
          { title: null, createdAt: savedAgo(1_000) },
        ],
        now,
      ),
    ).toBe(true);
  });

  it("stops once every link has a title, or an untitled one is older than the wait", () => {
    expect(awaitsTitle([{ title: "Kept", createdAt: savedAgo(1_000) }], now)).toBe(false);
    expect(awaitsTitle([{ title: null, createdAt: savedAgo(TITLE_WAIT_MS) }], now)).toBe(false);
    expect(awaitsTitle([], now)).toBe(false);
  });
});
