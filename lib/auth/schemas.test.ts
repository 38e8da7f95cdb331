import { describe, expect, it } from "vitest";
import { apiTokenSchema } from "./schemas";
import { TOKEN_NAME_REQUIRED_MESSAGE, TOKEN_NAME_TOO_LONG_MESSAGE } from "./api-token-name";

const message = (input: unknown) => {
  const result = apiTokenSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe("apiTokenSchema", () => {
  it("trims the name and turns control characters into spaces", () => {
    expect(apiTokenSchema.parse({ name: "  Laptop\tscript\u0000 " }).name).toBe("Laptop script");
  });

  it("requires a name of at most 50 characters", () => {
    expect(message({})).toBe(TOKEN_NAME_REQUIRED_MESSAGE);
    expect(message({ name: " \n " })).toBe(TOKEN_NAME_REQUIRED_MESSAGE);
    expect(message({ name: "n".repeat(51) })).toBe(TOKEN_NAME_TOO_LONG_MESSAGE);
    expect(apiTokenSchema.parse({ name: "n".repeat(50) }).name).toHaveLength(50);
  });
});
