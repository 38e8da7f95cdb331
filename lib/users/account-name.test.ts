import { describe, expect, it } from "vitest";
import { accountName } from "./account-name";

describe("accountName", () => {
  it("is the username when there is one, else the address", () => {
    expect(accountName({ username: "ada", email: "ada@example.com" })).toBe("ada");
    expect(accountName({ username: null, email: "ada@example.com" })).toBe("ada@example.com");
  });
});
