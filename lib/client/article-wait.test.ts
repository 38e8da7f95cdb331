import { describe, expect, it } from "vitest";
import { ANYWAY_MAX_CHECKS, anywayStep, preparationOver, readArticleAnswer } from "./article-wait";

const pending = readArticleAnswer({ status: "pending" });
const notArticle = readArticleAnswer({ status: "unavailable", reason: "not an article" });

describe("readArticleAnswer", () => {
  it("reads the status and reason, and nothing from an answer without them", () => {
    expect(readArticleAnswer({ status: "unavailable", reason: "blocked", title: "x" })).toEqual({
      status: "unavailable",
      reason: "blocked",
    });
    expect(readArticleAnswer(null)).toEqual({ status: undefined, reason: undefined });
    expect(readArticleAnswer({ status: 3 })).toEqual({ status: undefined, reason: undefined });
  });
});

describe("preparationOver", () => {
  it("is over once the article is ready or unavailable", () => {
    expect(preparationOver(readArticleAnswer({ status: "ready" }))).toBe(true);
    expect(preparationOver(notArticle)).toBe(true);
  });

  it("goes on while it is pending, before any answer and after an answer without a status", () => {
    expect(preparationOver(pending)).toBe(false);
    expect(preparationOver(undefined)).toBe(false);
    expect(preparationOver(readArticleAnswer({}))).toBe(false);
  });
});

describe("anywayStep", () => {
  it("shows the page anew once the text is ready or unavailable for another reason", () => {
    expect(anywayStep(1, readArticleAnswer({ status: "ready" }))).toBe("refresh");
    expect(anywayStep(1, readArticleAnswer({ status: "unavailable", reason: "blocked" }))).toBe("refresh");
    expect(anywayStep(ANYWAY_MAX_CHECKS, readArticleAnswer({ status: "ready" }))).toBe("refresh");
  });

  it("waits while the page is still not an article, pending or a check failed", () => {
    expect(anywayStep(0, pending)).toBe("wait");
    expect(anywayStep(1, notArticle)).toBe("wait");
    expect(anywayStep(ANYWAY_MAX_CHECKS - 1, undefined)).toBe("wait");
  });

  it("gives up after 30 checks, whether the last answered or failed", () => {
    expect(ANYWAY_MAX_CHECKS).toBe(30);
    expect(anywayStep(ANYWAY_MAX_CHECKS, notArticle)).toBe("give-up");
    expect(anywayStep(ANYWAY_MAX_CHECKS, pending)).toBe("give-up");
    expect(anywayStep(ANYWAY_MAX_CHECKS, undefined)).toBe("give-up");
  });
});
