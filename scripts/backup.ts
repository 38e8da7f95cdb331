// `npm run backup [FILE]`: a consistent snapshot of the database while the server keeps serving
// (docs/decisions/0317). Embedded: through the running server's backup socket (a tar of the data
// directory), or from the data directory itself when no server holds it. PostgreSQL: pg_dump's
// custom format from DIRECT_DATABASE_URL, else DATABASE_URL. FILE defaults to
// linkstash-backup-<UTC time>.tar (or .dump) in the current directory.
import path from "node:path";
import { backupEmbedded } from "@/lib/backup/embedded";
import { BackupError } from "@/lib/backup/errors";
import { dataLocation, defaultBackupName } from "@/lib/backup/location";
import { backupPostgres } from "@/lib/backup/postgres";

// npm runs scripts from the project's root; a file named on the command line is where the user typed it.
const invokedFrom = process.env.INIT_CWD ?? process.cwd();

try {
  const location = dataLocation(process.env);
  const target = path.resolve(invokedFrom, process.argv[2] ?? defaultBackupName(location));
  if (location.kind === "embedded") {
    const { bytes, via } = await backupEmbedded(location.dataDir, target);
    console.log(`Backup written to ${target} (${bytes} bytes, from ${via}).`);
  } else {
    const { bytes } = await backupPostgres(location.url, target);
    console.log(`Backup written to ${target} (${bytes} bytes, pg_dump custom format).`);
  }
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exitCode = 1;
}
