// Category names joined into one field: the categories column of LinkStash's CSV ("|") and the TAGS
// attribute of a bookmark file (","). A separator inside a name is written as its percent escape
// ("%7C", "%2C"), and a "%" that would otherwise read as such an escape as "%25", so every name
// comes back whole. Another program reading the file sees the escape as part of one tag rather than
// splitting the name in two.

export type NameSeparator = "," | "|";

const ESCAPES: Record<NameSeparator, string> = { ",": "2C", "|": "7C" };

/** The names joined by `separator`, a separator inside a name escaped. */
export function joinNames(names: readonly string[], separator: NameSeparator): string {
  const hex = ESCAPES[separator];
  // "%" is escaped only before "25" or the separator's code: "100%" stays as it is.
  const percent = new RegExp(`%(?=${hex}|25)`, "gi");
  return names.map((name) => name.replace(percent, "%25").replaceAll(separator, `%${hex}`)).join(separator);
}

/** The names of a field written by joinNames (or by a program that never escapes), unescaped. */
export function splitNames(text: string, separator: NameSeparator): string[] {
  const escape = new RegExp(`%(${ESCAPES[separator]}|25)`, "gi");
  return text
    .split(separator)
    .map((name) => name.replace(escape, (_, code: string) => (code === "25" ? "%" : separator)));
}
