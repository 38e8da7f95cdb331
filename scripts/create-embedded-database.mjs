// Creates a new embedded database (PGlite's initdb) in the directory given as the only argument, then
// exits. Run as a short-lived process of its own: initdb needs several hundred megabytes for a few
// seconds, which the server should neither pay for nor keep (decision 0316).
import { PGlite } from "@electric-sql/pglite";

const [directory] = process.argv.slice(2);
if (!directory) {
  console.error("usage: node scripts/create-embedded-database.mjs DIRECTORY");
  process.exit(2);
}
const database = new PGlite(directory);
await database.waitReady;
await database.close();
