import "server-only";
import { chmodSync, existsSync, lstatSync, readdirSync } from "node:fs";
import path from "node:path";
import { logInfo } from "@/lib/log/log";

// The embedded database's files hold every user's data, session tokens included (its WAL too): only
// the server's own OS user may read them. PGlite creates files 0666 and directories 0755, and a new
// data directory is a copy of its template, so the modes are set here rather than trusted.

export const PRIVATE_DIRECTORY_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Gives `root` and every directory under it 0700 and every regular file 0600; other entries
 * (a socket, a link) are left as they are. Returns how many paths had another mode.
 */
export function makePrivate(root: string): number {
  let fixed = 0;
  const visit = (target: string) => {
    const info = lstatSync(/*turbopackIgnore: true*/ target);
    const wanted = info.isDirectory() ? PRIVATE_DIRECTORY_MODE : info.isFile() ? PRIVATE_FILE_MODE : null;
    if (wanted === null) return;
    if ((info.mode & 0o7777) !== wanted) {
      chmodSync(/*turbopackIgnore: true*/ target, wanted);
      fixed += 1;
    }
    if (info.isDirectory())
      for (const name of readdirSync(/*turbopackIgnore: true*/ target)) visit(path.join(target, name));
  };
  visit(root);
  return fixed;
}

/** The start-up check of the data directory: what had another mode is fixed, and said in one line. */
export function secureDataDir(dataDir: string): number {
  if (!existsSync(/*turbopackIgnore: true*/ dataDir)) return 0;
  const fixed = makePrivate(dataDir);
  if (fixed > 0) logInfo("data directory made private", { directory: dataDir, paths: fixed });
  return fixed;
}
