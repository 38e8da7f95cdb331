import { describe, expect, it } from "vitest";
import { bookmarkletHref, bookmarkletSource, MAX_SELECTION_LENGTH, SAVE_WINDOW_NAME } from "./bookmarklet";

type Opened = { url: string; name: string; features: string };

const KEY = "k3y_-0123456789abcdefghijklmnopqrstuvwxyzABC";

/** Runs the bookmarklet against a stand-in page and reports what it opened. */
function runOn(page: { href: string; title: string; selection: string }, origin = "https://stash.example"): Opened[] {
  const opened: Opened[] = [];
  const window = {
    getSelection: () => page.selection,
    open: (url: string, name: string, features: string) => opened.push({ url, name, features }),
  };
  const source = decodeURI(bookmarkletHref(origin, KEY).slice("javascript:".length));
  new Function("window", "location", "document", source)(window, { href: page.href }, { title: page.title });
  return opened;
}

describe("bookmarklet", () => {
  it("opens a small window on /save with the page's address, title and selection", () => {
    const [opened] = runOn({
      href: "https://blog.example/post?a=1&b=2#top",
      title: "A post & more",
      selection: "  a quote  ",
    });
    expect(opened?.name).toBe(SAVE_WINDOW_NAME);
    expect(opened?.features).toContain("popup");
    const url = new URL(opened?.url ?? "");
    expect(url.origin + url.pathname).toBe("https://stash.example/save");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      key: KEY,
      url: "https://blog.example/post?a=1&b=2#top",
      title: "A post & more",
      text: "a quote",
    });
  });

  it("sends no text without a selection and cuts a long one", () => {
    const [plain] = runOn({ href: "https://a.example/", title: "", selection: "" });
    expect(new URL(plain?.url ?? "").searchParams.has("text")).toBe(false);
    const [long] = runOn({ href: "https://a.example/", title: "t", selection: "x".repeat(5000) });
    expect(new URL(long?.url ?? "").searchParams.get("text")).toHaveLength(MAX_SELECTION_LENGTH);
  });

  it("is a javascript: address without characters a bookmark would mangle", () => {
    const href = bookmarkletHref("http://localhost:3000", KEY);
    expect(href.startsWith("javascript:")).toBe(true);
    expect(href).not.toMatch(/[\s"<>]/);
    expect(decodeURI(href.slice("javascript:".length))).toBe(bookmarkletSource("http://localhost:3000", KEY));
  });
});
