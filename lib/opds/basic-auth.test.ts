import { describe, expect, it } from "vitest";
import { basicCredentials } from "@/lib/opds/basic-auth";

const basic = (text: string) => `Basic ${Buffer.from(text, "utf8").toString("base64")}`;

describe("basicCredentials", () => {
  it("reads the username and the password, which may hold a colon", () => {
    expect(basicCredentials(basic("reader@example.com:7k2m-q9xd"))).toEqual({
      username: "reader@example.com",
      password: "7k2m-q9xd",
    });
    expect(basicCredentials(basic("a:b:c"))).toEqual({ username: "a", password: "b:c" });
    expect(basicCredentials(`basic ${Buffer.from("é@x.example:p").toString("base64")}`)).toEqual({
      username: "é@x.example",
      password: "p",
    });
  });

  it("refuses anything else", () => {
    expect(basicCredentials(null)).toBeNull();
    expect(basicCredentials("Bearer abc")).toBeNull();
    expect(basicCredentials(basic("no colon"))).toBeNull();
    expect(basicCredentials("Basic !!!")).toBeNull();
  });
});
