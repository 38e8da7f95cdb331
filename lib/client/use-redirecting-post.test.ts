import { describe, expect, it } from "vitest";
import { redirectUrl } from "./use-redirecting-post";

describe("redirectUrl", () => {
  it.each([
    { body: { url: "https://checkout.stripe.com/c/pay/cs_1" }, expected: "https://checkout.stripe.com/c/pay/cs_1" },
    { body: { url: null }, expected: null },
    { body: { url: "" }, expected: null },
    { body: {}, expected: null },
    { body: null, expected: null },
    { body: "https://example.com", expected: null },
  ])("$body", ({ body, expected }) => {
    expect(redirectUrl(body)).toBe(expected);
  });
});
