import { columnIndex, type CsvMapper } from "@/lib/import/pocket";
import { fromUnixSeconds, importedTitle } from "@/lib/import/record";

// Instapaper's CSV export: URL,Title,Selection,Folder,Timestamp,Tags. The selection (a highlighted
// passage) becomes the notes; a folder other than Unread, Archive and Starred becomes a tag,
// Archive marks the link read and Starred puts it in Favorites. Tags come as a JSON list (["a","b"]) in newer exports, or plain
// comma-separated text.

const PLACE_FOLDERS = new Set(["unread", "archive", "starred"]);

export function isInstapaperHeader(header: readonly string[]): boolean {
  const index = columnIndex(header);
  return index("url") !== -1 && index("folder") !== -1 && index("selection") !== -1;
}

function parseTags(value: string): string[] {
  const trimmed = value.trim();
  if (trimmed.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (Array.isArray(parsed)) return parsed.filter((tag): tag is string => typeof tag === "string");
    } catch {
      // Not JSON after all: read it as plain text below.
    }
  }
  return trimmed.replace(/^\[|\]$/g, "").split(/[,|]/);
}

export function instapaperMapper(header: readonly string[]): CsvMapper {
  const index = columnIndex(header);
  const [url, title, selection, folder, timestamp, tags] = [
    "url",
    "title",
    "selection",
    "folder",
    "timestamp",
    "tags",
  ].map(index);
  return ({ line, fields }) => {
    const at = (i: number | undefined) => (i === undefined || i < 0 ? "" : (fields[i] ?? ""));
    const folderName = at(folder).trim();
    const createdAt = fromUnixSeconds(at(timestamp));
    const folderTag = folderName !== "" && !PLACE_FOLDERS.has(folderName.toLowerCase()) ? [folderName] : [];
    return {
      line,
      url: at(url),
      title: importedTitle(at(title)),
      notes: at(selection) || null,
      tags: [...parseTags(at(tags)), ...folderTag],
      createdAt,
      readAt: folderName.toLowerCase() === "archive" ? (createdAt ?? new Date(0)) : null,
      // Instapaper keeps no time of starring; the save time stands in for it.
      ...(folderName.toLowerCase() === "starred" && { favoritedAt: createdAt ?? new Date(0) }),
    };
  };
}
