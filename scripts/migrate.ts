// `npm run db:migrate`: applies pending migrations to PostgreSQL (DIRECT_DATABASE_URL when set, else DATABASE_URL).
// The embedded database is migrated by the server itself: a PGlite directory has one owner.
import { closeDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { migrate } from "@/lib/db/migrate";

if (!env.databaseUrl) {
  console.log("DATABASE_URL is not set: the embedded database is migrated when the server starts.");
} else {
  const applied = await migrate();
  console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date.");
  await closeDb();
}
