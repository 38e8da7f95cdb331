// `npm run digests:dispatch`: one digest dispatch run, for deployments that prefer a system cron
// to calling GET /api/cron/digests; it adds workers in this process when what is due needs them.
// Prints the counts as JSON.
import { closeDb } from "@/lib/db/client";
import { dispatchInProcess } from "@/lib/digests/in-process-workers";

const result = await dispatchInProcess({ budgetMs: 10 * 60_000 });
console.log(JSON.stringify(result));
await closeDb();
