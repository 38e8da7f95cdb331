import { execFile } from "node:child_process";

// A feed as Python's feedparser reads it (Debian's python3-feedparser, installed by
// scripts/test.sh): the parser most feed readers' authors test against. Its verdict on
// well-formedness (`bozo`) and what it reads of each entry.

export type ParsedLink = { rel: string; href: string; type: string };

export type ParsedFeed = {
  bozo: boolean;
  bozoException: string | null;
  version: string;
  title: string;
  links: ParsedLink[];
  entries: {
    links: ParsedLink[];
    id: string;
    title: string;
    link: string;
    published: string | null;
    updated: string | null;
    summary: string | null;
    content: string | null;
    tags: string[];
  }[];
};

const SCRIPT = `
import json, sys, feedparser
feed = feedparser.parse(sys.stdin.buffer.read())
out = {
  "bozo": bool(feed.bozo),
  "bozoException": str(feed.get("bozo_exception")) if feed.bozo else None,
  "version": feed.version,
  "title": feed.feed.get("title", ""),
  "entries": [{
    "id": e.get("id", ""),
    "title": e.get("title", ""),
    "link": e.get("link", ""),
    "published": e.get("published"),
    "updated": e.get("updated"),
    "summary": e.get("summary") if "summary_detail" in e and e.summary_detail.get("type") == "text/plain" else None,
    "content": e.content[0].value if "content" in e else None,
    "tags": [t.term for t in e.get("tags", [])],
    "links": [{"rel": l.get("rel", ""), "href": l.get("href", ""), "type": l.get("type", "")} for l in e.get("links", [])],
  } for e in feed.entries],
  "links": [{"rel": l.get("rel", ""), "href": l.get("href", ""), "type": l.get("type", "")} for l in feed.feed.get("links", [])],
}
print(json.dumps(out))
`;

export function parseFeed(xml: string): Promise<ParsedFeed> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      "/usr/bin/python3",
      ["-c", SCRIPT],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`feedparser: ${error.message} ${stderr}`));
        else resolve(JSON.parse(stdout));
      },
    );
    child.stdin?.end(xml);
  });
}
