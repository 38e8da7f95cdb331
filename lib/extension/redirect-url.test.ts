import { describe, expect, it } from "vitest";
import { extensionId, extensionReceiver, extensionTokenName } from "@/lib/extension/redirect-url";

const CHROMIUM = `chrome-extension://${"abcdefghijklmnop".repeat(2)}/connected.html`;
const FIREFOX = "moz-extension://0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0/connected.html";

describe("extensionReceiver", () => {
  it("accepts the receiving page of a Chromium or Firefox extension", () => {
    expect(extensionReceiver(CHROMIUM)).toBe("Chromium");
    expect(extensionReceiver(FIREFOX)).toBe("Firefox");
  });

  it.each([
    ["a web site", "https://evil.example/connected.html"],
    ["a look-alike host", "https://abcdefghijklmnopabcdefghijklmnop.chromiumapp.org/connected.html"],
    ["another page of the extension", CHROMIUM.replace("connected", "popup")],
    ["a query", `${CHROMIUM}?x=1`],
    ["a fragment", `${CHROMIUM}#token=`],
    ["an id with letters beyond p", CHROMIUM.replace("a", "z")],
    ["a short id", "chrome-extension://abcdefgh/connected.html"],
    ["an upper-case UUID", FIREFOX.toUpperCase()],
    ["credentials", `chrome-extension://user@${"a".repeat(32)}/connected.html`],
    ["leading space", ` ${CHROMIUM}`],
    ["nothing", ""],
  ])("refuses %s", (_, value) => {
    expect(extensionReceiver(value)).toBeNull();
  });
});

describe("extensionTokenName", () => {
  it("names the browser", () => {
    expect(extensionTokenName("Firefox")).toBe("Browser extension (Firefox)");
  });
});

describe("extensionId", () => {
  it("is the id the browser shows for the asking extension, and nothing for any other address", () => {
    expect(extensionId(`chrome-extension://${"abcdefghijklmnop".repeat(2)}/connected.html`)).toBe(
      "abcdefghijklmnop".repeat(2),
    );
    expect(extensionId("moz-extension://0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b/connected.html")).toBe(
      "0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b",
    );
    for (const other of [
      "https://evil.example/connected.html",
      `chrome-extension://${"q".repeat(32)}/connected.html`,
      "",
    ])
      expect(extensionId(other), other).toBeNull();
  });
});
