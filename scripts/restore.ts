// `npm run restore FILE`: brings a backup from `npm run backup` back into a new data directory
// (DATA_DIR, absent or empty) or a new, empty PostgreSQL database (DIRECT_DATABASE_URL, else
// DATABASE_URL). Start the server on it afterwards (docs/decisions/0317).
import path from "node:path";
import { restoreEmbedded } from "@/lib/backup/embedded";
import { BackupError } from "@/lib/backup/errors";
import { dataLocation } from "@/lib/backup/location";
import { restorePostgres } from "@/lib/backup/postgres";

// npm runs scripts from the project's root; a file named on the command line is where the user typed it.
const invokedFrom = process.env.INIT_CWD ?? process.cwd();

try {
  const file = process.argv[2];
  if (!file) throw new BackupError("Usage: npm run restore FILE (a backup written by npm run backup)");
  const location = dataLocation(process.env);
  const source = path.resolve(invokedFrom, file);
  if (location.kind === "embedded") {
    const { migrations } = await restoreEmbedded(source, location.dataDir);
    console.log(`Restored into ${location.dataDir} (${migrations} migrations applied in the backup).`);
  } else {
    await restorePostgres(source, location.url);
    console.log("Restored into the database.");
  }
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exitCode = 1;
}
