import { describe, expect, it } from "vitest";
import { lastCheckedWords, subscribedWords, timeAgo } from "@/lib/subscriptions/subscription-words";

const now = new Date("2026-11-29T12:00:00Z");
const before = (ms: number) => new Date(now.getTime() - ms);

describe("timeAgo", () => {
  it("says just now under a minute, and for a clock that runs behind", () => {
    expect(timeAgo(before(59_000), now)).toBe("just now");
    expect(timeAgo(new Date(now.getTime() + 5_000), now)).toBe("just now");
  });

  it("counts whole minutes, hours, then days", () => {
    expect(timeAgo(before(60_000), now)).toBe("1 minute ago");
    expect(timeAgo(before(59 * 60_000), now)).toBe("59 minutes ago");
    expect(timeAgo(before(3_600_000), now)).toBe("1 hour ago");
    expect(timeAgo(before(23 * 3_600_000 + 59 * 60_000), now)).toBe("23 hours ago");
    expect(timeAgo(before(86_400_000), now)).toBe("1 day ago");
    expect(timeAgo(before(9 * 86_400_000), now)).toBe("9 days ago");
  });
});

describe("lastCheckedWords", () => {
  it("says when the feed was last checked, or that it has not been", () => {
    expect(lastCheckedWords("2026-11-29T11:55:00.000Z", now)).toBe("Last checked 5 minutes ago");
    expect(lastCheckedWords(null, now)).toBe("Not checked yet");
  });
});

describe("subscribedWords", () => {
  it("names the feed and where its first items went", () => {
    expect(subscribedWords("The Night Ferry", "stash")).toEqual({
      title: "Subscribed to The Night Ferry",
      description: "Its newest items (up to 5) are in your stash.",
    });
    expect(subscribedWords("The Night Ferry", "digest").description).toBe(
      "Its newest items (up to 5) will be in your next digest.",
    );
  });
});
