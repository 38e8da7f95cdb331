import { describe, expect, it } from "vitest";
import { isDecodablePath } from "./path-decoding";

describe("isDecodablePath", () => {
  it.each(["/", "/api/links/abc", "/invite/a%20b", "/api/links/%E6%9D%B1", "/api/links/%00", "/a%2Fb/%25"])(
    "decodes %j",
    (path) => {
      expect(isDecodablePath(path)).toBe(true);
    },
  );

  it.each([
    "/api/links/%ED%A0%80",
    "/api/links/%E0%A4%A",
    "/invite/%",
    "/api/tokens/%ZZ",
    "/%C0%AF/x",
    "/a/%F4%90%80%80",
  ])("does not decode %j", (path) => {
    expect(isDecodablePath(path)).toBe(false);
  });
});
