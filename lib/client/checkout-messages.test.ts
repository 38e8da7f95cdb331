import { describe, expect, it } from "vitest";
import { CHECKOUT_ERROR, checkoutFailure, PAYMENT_ERROR, readCheckoutReturn } from "./checkout-messages";

describe("checkoutFailure", () => {
  it("gives 'Payment error' with the server's message when payment processing is not set up (503)", () => {
    expect(checkoutFailure(new Error('503: {"message":"Payment processing is not set up yet."}'))).toEqual({
      title: "Payment error",
      description: "Payment processing is not set up yet.",
    });
  });

  it("gives 'Payment error' with the default text for a 503 without a message", () => {
    expect(checkoutFailure(new Error("503: Service Unavailable"))).toEqual(PAYMENT_ERROR);
  });

  it("gives 'Error' with the server's message for another refusal", () => {
    expect(
      checkoutFailure(new Error('409: {"message":"You already have a Pro subscription. Manage it from Settings."}')),
    ).toEqual({
      title: "Error",
      description: "You already have a Pro subscription. Manage it from Settings.",
    });
  });

  it("gives 'Error' with the default text for a network failure or an HTML error page", () => {
    expect(checkoutFailure(new TypeError("Failed to fetch"))).toEqual(CHECKOUT_ERROR);
    expect(checkoutFailure(new Error("500: <html>oops</html>"))).toEqual(CHECKOUT_ERROR);
    expect(CHECKOUT_ERROR).toEqual({
      title: "Error",
      description: "Failed to create checkout session. Please try again.",
    });
  });
});

describe("readCheckoutReturn", () => {
  const read = (query: string) => readCheckoutReturn(new URLSearchParams(query));

  it.each([
    { query: "success=true&session_id=cs_test_1", expected: { kind: "verify", sessionId: "cs_test_1" } },
    { query: "success=true", expected: { kind: "received" } },
    { query: "success=true&session_id=", expected: { kind: "received" } },
    { query: "canceled=true", expected: { kind: "canceled" } },
    { query: "success=false", expected: null },
    { query: "", expected: null },
  ])("?$query", ({ query, expected }) => {
    expect(read(query)).toEqual(expected);
  });
});
