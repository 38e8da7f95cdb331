import { describe, expect, it } from "vitest";
import { normalizeSignInIdentifier, signInIdentifier, UNREADABLE_BODY_MESSAGE } from "./sign-in-request";

const FORM = "application/x-www-form-urlencoded";
const JSON_TYPE = "application/json";
const INVALID = { ok: false, code: "validation_failed", message: "Please enter a valid email address" };

describe("signInIdentifier", () => {
  it("reads the address from a form or a JSON body, normalised", () => {
    expect(signInIdentifier(FORM, "email=Reader%40Example.com&csrfToken=x")).toEqual({
      ok: true,
      email: "reader@example.com",
    });
    expect(signInIdentifier(`${FORM};charset=UTF-8`, "email=+a%40b.test+")).toEqual({ ok: true, email: "a@b.test" });
    expect(signInIdentifier(JSON_TYPE, JSON.stringify({ email: " A@B.test ", csrfToken: "x" }))).toEqual({
      ok: true,
      email: "a@b.test",
    });
  });

  it("reads a JSON key given twice as next-auth does (the last wins), and refuses a form field given twice", () => {
    expect(signInIdentifier(JSON_TYPE, '{"email":"decoy@a.test","email":"victim@b.test"}')).toEqual({
      ok: true,
      email: "victim@b.test",
    });
    expect(signInIdentifier(FORM, "email=decoy%40a.test&email=victim%40b.test")).toEqual({
      ok: false,
      code: "validation_failed",
      message: "Please enter one email address.",
    });
  });

  it.each([
    ["a list", "victim@a.test,attacker@b.test"],
    ["a NUL", "victim@a.test\u0000"],
    ["a space", "victim@a.test attacker@b.test"],
    ["a name and brackets", "Victim <victim@a.test>"],
    ["no dot in the domain", "a@localhost"],
    ["no @", "nobody"],
    ["nothing", ""],
    ["a very long address", `${"a".repeat(400)}@b.test`],
  ])("refuses %s", (_case, email) => {
    expect(signInIdentifier(FORM, new URLSearchParams({ email }).toString())).toEqual(INVALID);
    expect(signInIdentifier(JSON_TYPE, JSON.stringify({ email }))).toEqual(INVALID);
  });

  it("refuses JSON that is not an object with a string address", () => {
    for (const body of ["[]", "null", '"a@b.test"', '{"email":["a@b.test"]}', '{"email":42}', "{}"])
      expect(signInIdentifier(JSON_TYPE, body)).toEqual(INVALID);
    expect(signInIdentifier(JSON_TYPE, "{nope")).toEqual({
      ok: false,
      code: "invalid_json",
      message: "The request body is not valid JSON.",
    });
  });

  it("refuses a body next-auth would not read", () => {
    for (const type of [null, "text/plain", "multipart/form-data; boundary=x", "APPLICATION/JSON"])
      expect(signInIdentifier(type, "email=a%40b.test")).toEqual({
        ok: false,
        code: "invalid_json",
        message: UNREADABLE_BODY_MESSAGE,
      });
  });
});

describe("normalizeSignInIdentifier", () => {
  it("normalises one address and throws for anything else", () => {
    expect(normalizeSignInIdentifier(" Reader@Example.com ")).toBe("reader@example.com");
    expect(() => normalizeSignInIdentifier("a@b.test,c@d.test")).toThrow();
    expect(() => normalizeSignInIdentifier(["a@b.test"])).toThrow();
  });
});
