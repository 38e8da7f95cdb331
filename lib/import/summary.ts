// The sentence the Settings card shows when an import ends.

export type ImportResult = {
  imported: number;
  skipped: number;
  errors: number;
  problems?: { line: number; reason: string }[];
  error?: string | null;
};

const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

export function importSummary(result: ImportResult): string {
  const parts = [`Imported ${count(result.imported, "link", "links")}`];
  if (result.skipped > 0) parts.push(`skipped ${count(result.skipped, "duplicate", "duplicates")}`);
  let sentence = parts.join(", ");
  if (result.errors > 0) {
    const listed = (result.problems ?? []).map((problem) => `line ${problem.line}: ${problem.reason}`).join("; ");
    sentence += `, ${count(result.errors, "row", "rows")} could not be read${listed ? `: ${listed}` : ""}`;
  }
  sentence += ".";
  return result.error ? `${sentence} The import stopped early: ${result.error}` : sentence;
}
