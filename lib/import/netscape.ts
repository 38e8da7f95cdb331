import { decodeHTML, decodeHTMLAttribute } from "entities";
import { ImportLimitError } from "@/lib/import/errors";
import { count, fieldTooLong, IMPORT_LIMITS, type ImportLimits } from "@/lib/import/limits";
import { splitNames } from "@/lib/import/name-list";
import { fromUnixSeconds, importedTitle, reminderDay, stateOf, type ImportRecord } from "@/lib/import/record";

// A streaming reader of Netscape bookmark files (browsers, Pocket's ril_export.html, Raindrop,
// Linkwarden, and LinkStash's own HTML export): every <A HREF ADD_DATE TAGS>title</A>, the <DD>
// description after it, and the <H3> folders around it (a folder becomes a tag). Read state comes
// from TOREAD="0"/"1" (Pinboard, linkding and LinkStash write it; LAST_VISIT then gives the time of
// reading) or from the section of Pocket's ril_export.html; ARCHIVED, REMIND_ON and UNTITLED are
// LinkStash's own. It tokenizes tags and text as they
// arrive and keeps no tree: only the open folders' names, the bookmark being read and an unfinished
// tag are held. A tag or text longer than maxFieldChars, or folders nested deeper than
// maxFolderDepth, stop the reading: the bookmarks before come out first, the next call throws.

export type NetscapeReader = {
  push(text: string): ImportRecord[];
  end(): ImportRecord[];
};

/**
 * Folders a browser marks as its own (Firefox and Chromium write PERSONAL_TOOLBAR_FOLDER on the
 * toolbar, Firefox UNFILED_BOOKMARKS_FOLDER on "Other Bookmarks"), whatever their name in the user's
 * language: they say where a bookmark sat, not what it is about.
 */
const BROWSER_FOLDER_MARKERS = ["personal_toolbar_folder", "unfiled_bookmarks_folder"] as const;

/** Folder names that say the same in files without the markers (older browsers, other programs). */
const GENERIC_FOLDERS = new Set([
  "bookmarks",
  "bookmarks bar",
  "bookmarks toolbar",
  "bookmarks menu",
  "other bookmarks",
  "mobile bookmarks",
  "favorites bar",
  "unread",
  "read archive",
  "unsorted",
]);

type Pending = { line: number; attrs: Record<string, string>; title: string; description: string | null };

function parseAttributes(tag: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  const pattern = /([a-z_:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;
  for (const match of tag.matchAll(pattern)) {
    const [, name = "", double, single, bare] = match;
    attrs[name.toLowerCase()] = decodeHTMLAttribute(double ?? single ?? bare ?? "");
  }
  return attrs;
}

/** TAGS is comma-separated; a comma inside a tag is escaped (lib/import/name-list.ts). */
function splitTags(value: string | undefined): string[] {
  return splitNames(value ?? "", ",")
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/**
 * Whether "<" at `index` opens a tag, as an HTML tokenizer decides: only before a letter, "/", "!"
 * or "?". Otherwise it is text, as in a title Pocket wrote unescaped ("WebHome < ProjetSEG").
 * Null when the next character has not arrived yet.
 */
function opensTag(text: string, index: number): boolean | null {
  if (index + 1 >= text.length) return null;
  const next = text.charCodeAt(index + 1);
  const letter = next | 0x20; // ASCII lower case
  return (letter >= 0x61 && letter <= 0x7a) || next === 0x2f || next === 0x21 || next === 0x3f;
}

export function createNetscapeReader(
  limits: Pick<ImportLimits, "maxFieldChars" | "maxFolderDepth"> = IMPORT_LIMITS,
): NetscapeReader {
  let buffer = "";
  /** An unfinished tag, in the pieces that came (joined once its ">" arrives, so it is scanned once). */
  let tagParts: string[] = [];
  let tagChars = 0;
  let failure: ImportLimitError | null = null;
  let line = 1;
  const folders: string[] = [];
  let pendingFolder: string | null = null;
  let folderText: string | null = null;
  /** The open folder heading is a browser's own folder (a marker attribute). */
  let folderMarked = false;
  /** Pocket's ril_export.html: the <h1> heading of the section being read ("Unread", "Read Archive"). */
  let headingText: string | null = null;
  let archived = false;
  let link: Pending | null = null;
  /** Where the text goes: the open link's title, its description, or nowhere. */
  let mode: "none" | "title" | "description" | "folder" | "heading" = "none";

  function flush(out: ImportRecord[]): void {
    if (!link) return;
    const { attrs } = link;
    // The root list has no folder (""); browser folders such as "Bookmarks bar" say nothing of a link.
    const folderTags = folders.filter((name) => name !== "" && !GENERIC_FOLDERS.has(name.toLowerCase()));
    const url = attrs.href ?? "";
    // Pocket's ril_export.html writes time_added where browsers write ADD_DATE.
    const createdAt = fromUnixSeconds(attrs.add_date ?? attrs.time_added);
    const toRead = attrs.toread?.trim();
    const read = toRead === "0" || (toRead !== "1" && archived);
    out.push({
      line: link.line,
      url,
      // LinkStash writes an untitled link's address as its text and marks it UNTITLED.
      title: attrs.untitled === undefined ? importedTitle(decodeHTML(link.title)) : null,
      notes: link.description === null ? null : decodeHTML(link.description).trim() || null,
      tags: [...splitTags(attrs.tags), ...folderTags],
      createdAt,
      // Pocket and linkding keep no time of reading; the save time stands in for it, as in Pocket's CSV.
      readAt: read ? (fromUnixSeconds(attrs.last_visit) ?? createdAt ?? new Date(0)) : null,
      ...stateOf(fromUnixSeconds(attrs.archived), reminderDay(attrs.remind_on), fromUnixSeconds(attrs.favorited)),
    });
    link = null;
  }

  function append(current: string, value: string): string {
    if (current.length + value.length > limits.maxFieldChars) throw fieldTooLong(`The text at line ${line}`, limits);
    return current + value;
  }

  function text(value: string): void {
    if (mode === "title" && link) link.title = append(link.title, value);
    else if (mode === "description" && link) link.description = append(link.description ?? "", value);
    else if (mode === "folder" && folderText !== null) folderText = append(folderText, value);
    else if (mode === "heading" && headingText !== null) headingText = append(headingText, value);
  }

  function tag(raw: string, tagLine: number, out: ImportRecord[]): void {
    const name = /^<\s*(\/?[a-z0-9]+)/i.exec(raw)?.[1]?.toLowerCase() ?? "";
    if (name === "a") {
      flush(out);
      link = { line: tagLine, attrs: parseAttributes(raw), title: "", description: null };
      mode = "title";
    } else if (name === "/a") {
      mode = "none";
    } else if (name === "dd") {
      if (link) {
        link.description = "";
        mode = "description";
      }
    } else if (name === "br" || name === "p") {
      if (mode === "description") text("\n");
    } else if (name === "h3") {
      flush(out);
      const attrs = parseAttributes(raw);
      folderMarked = BROWSER_FOLDER_MARKERS.some((marker) => attrs[marker]?.toLowerCase() === "true");
      folderText = "";
      mode = "folder";
    } else if (name === "/h3") {
      // A browser's own folder opens like the root list: it gives its bookmarks no tag.
      pendingFolder = folderText === null ? null : folderMarked ? "" : decodeHTML(folderText).trim();
      folderText = null;
      folderMarked = false;
      mode = "none";
    } else if (name === "h1") {
      flush(out);
      headingText = "";
      mode = "heading";
    } else if (name === "/h1") {
      archived =
        decodeHTML(headingText ?? "")
          .trim()
          .toLowerCase() === "read archive";
      headingText = null;
      mode = "none";
    } else if (name === "dl") {
      flush(out);
      if (folders.length >= limits.maxFolderDepth)
        throw new ImportLimitError(
          `Bookmark folders are nested more than ${count(limits.maxFolderDepth)} deep (line ${tagLine}); that is the limit.`,
          422,
        );
      folders.push(pendingFolder ?? "");
      pendingFolder = null;
      mode = "none";
    } else if (name === "/dl") {
      flush(out);
      folders.pop();
      mode = "none";
    } else if (name === "dt" || name === "hr") {
      flush(out);
      mode = "none";
    }
  }

  function countLines(value: string): void {
    for (let i = value.indexOf("\n"); i !== -1; i = value.indexOf("\n", i + 1)) line += 1;
  }

  function checkTag(): void {
    if (tagChars > limits.maxFieldChars) throw fieldTooLong(`The tag at line ${line}`, limits);
  }

  function drain(final: boolean, out: ImportRecord[]): void {
    let index = 0;
    let from = index;
    while (index < buffer.length) {
      const open = buffer.indexOf("<", from);
      const opens = open === -1 ? false : opensTag(buffer, open);
      if (opens === null && !final) {
        // A "<" ending the chunk: the next one tells whether it opens a tag.
        const before = buffer.slice(index, open);
        text(before);
        countLines(before);
        index = open;
        break;
      }
      if (open !== -1 && !opens) {
        // Text: look for the next "<" after this one.
        from = open + 1;
        continue;
      }
      if (open === -1) {
        // Text may continue in the next chunk only up to the next tag; it can be handed over now.
        const rest = buffer.slice(index);
        text(rest);
        countLines(rest);
        index = buffer.length;
        break;
      }
      if (open > index) {
        const before = buffer.slice(index, open);
        text(before);
        countLines(before);
      }
      const close = buffer.indexOf(">", open);
      if (close === -1) {
        tagParts = [buffer.slice(open)];
        tagChars = buffer.length - open;
        checkTag();
        index = buffer.length;
        break;
      }
      const raw = buffer.slice(open, close + 1);
      tag(raw, line, out);
      countLines(raw);
      index = close + 1;
      from = index;
    }
    buffer = buffer.slice(index);
    if (final) {
      buffer = "";
      flush(out);
    }
  }

  /**
   * The bookmarks read; a limit broken on the way is thrown now when there are none (or no next call
   * will come), else by the next call.
   */
  function read(work: (out: ImportRecord[]) => void, final = false): ImportRecord[] {
    if (failure) throw failure;
    const out: ImportRecord[] = [];
    try {
      work(out);
    } catch (error) {
      if (!(error instanceof ImportLimitError)) throw error;
      failure = error;
      buffer = "";
      tagParts = [];
      if (final || out.length === 0) throw error;
    }
    return out;
  }

  return {
    push: (chunk: string) =>
      read((out) => {
        if (tagParts.length > 0 && !chunk.includes(">")) {
          tagParts.push(chunk);
          tagChars += chunk.length;
          checkTag();
          return;
        }
        buffer = tagParts.length > 0 ? tagParts.join("") + chunk : buffer + chunk;
        tagParts = [];
        drain(false, out);
      }),
    end: () => read((out) => drain(true, out), true),
  };
}

/** Every bookmark of a complete file (tests and small files). */
export function parseNetscape(text: string): ImportRecord[] {
  const reader = createNetscapeReader();
  return [...reader.push(text), ...reader.end()];
}
