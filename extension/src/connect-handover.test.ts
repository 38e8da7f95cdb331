import { describe, expect, it } from "vitest";
import { handedToken } from "./connect-handover";

const TOKEN = `lsk_${"A".repeat(43)}`;
const STATE = "state-0123456789abcdef";

describe("handedToken", () => {
  it("takes the token of the connect this extension started", () => {
    expect(handedToken(`#token=${TOKEN}&state=${STATE}`, STATE)).toBe(TOKEN);
  });

  it.each([
    ["another state", `#token=${TOKEN}&state=other-0123456789abc`, STATE],
    ["no connect started", `#token=${TOKEN}&state=${STATE}`, undefined],
    ["no state", `#token=${TOKEN}`, STATE],
    ["a malformed token", `#token=lsk_short&state=${STATE}`, STATE],
    ["no token", `#state=${STATE}`, STATE],
  ])("ignores %s", (_, fragment, expected) => {
    expect(handedToken(fragment, expected)).toBeNull();
  });
});
