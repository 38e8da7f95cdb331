import { cronContinuations, startContinuation } from "@/lib/digests/continuations";
import { dispatchDigests } from "@/lib/digests/dispatch";
import { CRON_OPERATIONS } from "@/lib/digests/contract";
import { methodNotAllowed } from "@/lib/http/errors";
import { operationRoute } from "@/lib/http/operation-route";
import { pruneExpiredRateLimits } from "@/lib/rate-limits/rate-limit";
import { cronQuerySchema } from "@/lib/digests/schemas";
import { checkDueFeeds } from "@/lib/subscriptions/check-feeds";

// Hosted deployments call this hourly (vercel.json). A run stops well before maxDuration; when what
// is due needs longer, it starts continuations (`?continuation=1`, 202) that carry on in parallel.
// The subscribed feeds that are due are read in what the digests leave of the run (decision 0416).
export const maxDuration = 60;
const BUDGET_MS = (maxDuration - 10) * 1000;
/** Less than this left of the run: the feeds wait for the next call. */
const MIN_FEED_BUDGET_MS = 5_000;

// Its operation's access is the scheduler's secret: operationRoute refuses a call without it.
export const GET = operationRoute(CRON_OPERATIONS.dispatch, async (req: Request): Promise<Response> => {
  const { continuation } = cronQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  if (continuation) {
    const started = await startContinuation(BUDGET_MS);
    return Response.json({ started }, { status: started ? 202 : 200 });
  }
  const started = Date.now();
  const result = await dispatchDigests({ budgetMs: BUDGET_MS, launcher: cronContinuations() });
  await pruneExpiredRateLimits();
  const left = BUDGET_MS - (Date.now() - started);
  if (left >= MIN_FEED_BUDGET_MS) await checkDueFeeds({ budgetMs: left });
  return Response.json(result);
});

// Without it, Next.js answers a POST 405 with an empty body: a scheduler set up to POST gets the
// error shape every other route gives, and the method to use.
export const POST = operationRoute(CRON_OPERATIONS.wrongMethod, (): Response => methodNotAllowed(["GET"]));
