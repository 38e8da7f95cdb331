// `npm run digests:dispatch`: one digest dispatch run, for deployments that prefer a system cron
// to calling GET /api/cron/digests. Prints the counts as JSON.
import { closeDb } from "@/lib/db";
import { dispatchDigests } from "@/lib/digests/dispatch";

const result = await dispatchDigests({ budgetMs: 10 * 60_000 });
console.log(JSON.stringify(result));
await closeDb();
