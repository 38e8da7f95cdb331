import { describe, expect, it } from "vitest";
import {
  classifyMail,
  cleanSubject,
  findUrls,
  forwardedFrom,
  MAX_LINK_MAIL_WORDS,
  ownText,
} from "@/lib/inbound-mail/classify-mail.mjs";

const mail = (text: string | null, subject: string | null = null, html: string | null = null) => ({
  subject,
  text,
  html,
});

describe("findUrls", () => {
  it("finds each address once, without the punctuation after it", () => {
    expect(findUrls("See https://a.example/x. Also (https://b.example/y), https://a.example/x!")).toEqual([
      "https://a.example/x",
      "https://b.example/y",
    ]);
  });

  it("keeps a closing bracket the address opened", () => {
    expect(findUrls("https://wiki.example/Tide_(sea) is it")).toEqual(["https://wiki.example/Tide_(sea)"]);
  });

  it("finds nothing in text without an http(s) address", () => {
    expect(findUrls("ftp://files.example and www.example.com")).toEqual([]);
  });
});

describe("ownText", () => {
  it("drops the signature, quoted history and a phone's footer", () => {
    const text = "Look at this\n\nSent from my iPhone\n> quoted line\n\n-- \nAda\nhttps://ada.example";
    expect(ownText(text)).toBe("Look at this");
  });

  it("stops at a reply's header and at a forwarded mail's header", () => {
    expect(ownText("Mine\nOn Mon, 1 Dec 2025, Bob <b@x.example> wrote:\nTheirs")).toBe("Mine");
    expect(ownText("Mine\n---------- Forwarded message ---------\nFrom: x")).toBe("Mine");
    expect(ownText("Begin forwarded message:\n\nFrom: x")).toBe("");
  });

  it("stops at Outlook's header block, with or without a rule above it", () => {
    expect(ownText("Mine\n\nFrom: Bob <b@x.example>\nSent: Monday\nTo: Ada\nSubject: Hi\n\nTheirs")).toBe("Mine");
    expect(ownText("Mine\n________________________________\nFrom: Bob\nSent: Monday\nTheirs")).toBe("Mine");
    expect(ownText("Mine\nFrom: the editors, with love")).toBe("Mine\nFrom: the editors, with love");
  });
});

describe("cleanSubject", () => {
  it("strips forward and reply prefixes, however many", () => {
    expect(cleanSubject("Fwd: Fw: RE: The Tide Table #42")).toBe("The Tide Table #42");
    expect(cleanSubject("FW[2]:  Garden   Notes")).toBe("Garden Notes");
  });

  it("is null when nothing is left", () => {
    expect(cleanSubject("Fwd:")).toBeNull();
    expect(cleanSubject(null)).toBeNull();
  });
});

describe("classifyMail", () => {
  it("saves the one link of a one-line mail, with no note", () => {
    expect(classifyMail(mail("https://news.example/story"))).toEqual({
      kind: "link",
      url: "https://news.example/story",
      note: null,
    });
  });

  it("makes the rest of the text the note, and the subject too when it says more", () => {
    expect(classifyMail(mail("https://tides.example/a\n\nWorth reading.\n\nSent from my iPhone", "Tides"))).toEqual({
      kind: "link",
      url: "https://tides.example/a",
      note: "Tides\n\nWorth reading.",
    });
  });

  it("takes the link from the subject ('Fwd: <url>') and leaves the subject out of the note", () => {
    expect(classifyMail(mail("For the weekend.\n-- \nAda", "Fwd: https://garden.example/prune"))).toEqual({
      kind: "link",
      url: "https://garden.example/prune",
      note: "For the weekend.",
    });
  });

  it("saves the first of a few links, the others staying in the note", () => {
    const found = classifyMail(mail("https://a.example/1 and also https://b.example/2"));
    expect(found).toEqual({ kind: "link", url: "https://a.example/1", note: "and also https://b.example/2" });
  });

  it("calls a long text with links, or HTML with many links, a newsletter", () => {
    const long = `${"word ".repeat(MAX_LINK_MAIL_WORDS + 1)} https://a.example/`;
    expect(classifyMail(mail(long))).toEqual({ kind: "newsletter" });
    const links = Array.from({ length: 8 }, (_, i) => `<a href="https://n.example/${i}">${i}</a>`).join("");
    expect(classifyMail(mail("https://n.example/0", "Weekly", links))).toEqual({ kind: "newsletter" });
    expect(classifyMail(mail("Begin forwarded message:\n\nFrom: x\nhttps://n.example/1"))).toEqual({
      kind: "newsletter",
    });
  });

  it("finds no link in a mail without one, quoted history and signature included", () => {
    expect(classifyMail(mail("Buy milk", "Note to self"))).toEqual({ kind: "no-link" });
    expect(classifyMail(mail(null, null, "<p>No links</p>"))).toEqual({ kind: "no-link" });
  });
});

describe("forwardedFrom", () => {
  it("reads the original sender of a Gmail, Apple Mail and Outlook forward", () => {
    expect(
      forwardedFrom("x\n---------- Forwarded message ---------\nFrom: The Tide Table <hello@tide.example>"),
    ).toEqual({ address: "hello@tide.example", name: "The Tide Table" });
    expect(forwardedFrom('Begin forwarded message:\n\nFrom: "Grace\'s Notes" <Notes@Garden.example>')).toEqual({
      address: "notes@garden.example",
      name: "Grace's Notes",
    });
    expect(forwardedFrom("-----Original Message-----\nFrom: Bob <bob@x.example>\nSent: Monday")).toEqual({
      address: "bob@x.example",
      name: "Bob",
    });
  });

  it("reads Outlook's block without a marker, and an address only in '[mailto:…]'", () => {
    expect(forwardedFrom("Hi\n\nFrom: News [mailto:News@x.example]\nSent: Monday\nSubject: Weekly")).toEqual({
      address: "news@x.example",
      name: "News",
    });
  });

  it("is null for a mail that forwards nothing", () => {
    expect(forwardedFrom("From: someone@x.example in the text")).toBeNull();
    expect(forwardedFrom(null)).toBeNull();
  });
});
