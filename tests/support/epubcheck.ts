import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

// EPUB books checked by epubcheck, the EPUB community's own validator (Debian's package
// `epubcheck`, installed by scripts/test.sh). Its jar is run with Java directly: the package's
// launcher script does not run everywhere.

const JAVA_DIRECTORY = "/usr/share/java";

export function epubcheckJar(): string {
  const plain = path.join(JAVA_DIRECTORY, "epubcheck.jar");
  if (existsSync(plain)) return plain;
  const versioned = existsSync(JAVA_DIRECTORY)
    ? readdirSync(JAVA_DIRECTORY).find((name) => /^epubcheck-[\d.]+\.jar$/.test(name))
    : undefined;
  if (!versioned) throw new Error("epubcheck is not installed: apt-get install epubcheck (scripts/test.sh does).");
  return path.join(JAVA_DIRECTORY, versioned);
}

export type EpubcheckMessage = {
  ID: string;
  severity: string;
  message: string;
  locations: { path: string; line: number }[];
};

export type EpubcheckReport = { errors: number; fatals: number; warnings: number; problems: string[] };

/** epubcheck's verdict on the book at `file`: counts, and its errors and fatal errors in words. */
export async function epubcheck(file: string): Promise<EpubcheckReport> {
  const directory = mkdtempSync(path.join(tmpdir(), "epubcheck-"));
  const output = path.join(directory, "report.json");
  try {
    // It exits 1 when it finds errors; the report says which.
    await promisify(execFile)("java", ["-jar", epubcheckJar(), file, "--json", output], {
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: unknown) => {
      if (!existsSync(output)) throw error;
    });
    const report: { messages: EpubcheckMessage[]; checker: { nFatal: number; nError: number; nWarning: number } } =
      JSON.parse(readFileSync(output, "utf8"));
    const problems = report.messages
      .filter((message) => message.severity === "ERROR" || message.severity === "FATAL")
      .map(
        (message) =>
          `${message.ID} ${message.message} (${message.locations.map((at) => `${at.path}:${at.line}`).join(", ")})`,
      );
    return {
      errors: report.checker.nError,
      fatals: report.checker.nFatal,
      warnings: report.checker.nWarning,
      problems,
    };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
