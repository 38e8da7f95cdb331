import { describe, expect, it } from "vitest";
import { ADDRESS_INVALID_MESSAGE, parseServerAddress } from "./server-address";

describe("parseServerAddress", () => {
  it.each([
    ["links.example.com", "https://links.example.com"],
    ["  https://links.example.com/dashboard?x=1 ", "https://links.example.com"],
    ["http://127.0.0.1:3000", "http://127.0.0.1:3000"],
    ["HTTPS://Links.Example.com:8443/", "https://links.example.com:8443"],
  ])("reads %j as %s", (input, origin) => {
    expect(parseServerAddress(input)).toEqual({ ok: true, origin });
  });

  it.each([
    "",
    "   ",
    "ftp://links.example.com",
    "javascript:alert(1)",
    "https://user:pw@links.example.com",
    "links example",
  ])("refuses %j", (input) => {
    expect(parseServerAddress(input)).toEqual({ ok: false, message: ADDRESS_INVALID_MESSAGE });
  });
});
