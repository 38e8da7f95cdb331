// Category names joined into one field: the categories column of LinkStash's CSV ("|") and the TAGS
// attribute of a bookmark file (","). A separator inside a name is written as its percent escape
// ("%7C", "%2C"), and a "%" that would otherwise read as such an escape as "%25", so every name
// comes back whole. Another program reading the file sees the escape as part of one tag rather than
// splitting the name in two.

export type NameSeparator = "," | "|";

type Escapes = { escaped: string; percentBeforeEscape: RegExp; escape: RegExp };

function escapes(hex: string): Escapes {
  return {
    escaped: `%${hex}`,
    // "%" is escaped only before "25" or the separator's code: "100%" stays as it is.
    percentBeforeEscape: new RegExp(`%(?=${hex}|25)`, "gi"),
    escape: new RegExp(`%(${hex}|25)`, "gi"),
  };
}

const ESCAPES: Record<NameSeparator, Escapes> = { ",": escapes("2C"), "|": escapes("7C") };

/** The names joined by `separator`, a separator inside a name escaped. */
export function joinNames(names: readonly string[], separator: NameSeparator): string {
  const { escaped, percentBeforeEscape } = ESCAPES[separator];
  return names.map((name) => name.replace(percentBeforeEscape, "%25").replaceAll(separator, escaped)).join(separator);
}

/** The names of a field written by joinNames (or by a program that never escapes), unescaped. */
export function splitNames(text: string, separator: NameSeparator): string[] {
  const { escape } = ESCAPES[separator];
  return text.split(separator).map((name) =>
    // Most names hold no "%": they are left as they are.
    name.includes("%") ? name.replace(escape, (_, code: string) => (code === "25" ? "%" : separator)) : name,
  );
}
