import { isCronAuthorized } from "@/lib/digests/cron-auth";
import { cronContinuations, startContinuation } from "@/lib/digests/continuations";
import { dispatchDigests } from "@/lib/digests/dispatch";
import { methodNotAllowed, unauthorized } from "@/lib/http/errors";
import { pruneExpiredRateLimits } from "@/lib/rate-limits/rate-limit";
import { withRouteErrors } from "@/lib/http/route-errors";
import { cronQuerySchema } from "@/lib/digests/schemas";

// Hosted deployments call this hourly (vercel.json). A run stops well before maxDuration; when what
// is due needs longer, it starts continuations (`?continuation=1`, 202) that carry on in parallel.
export const maxDuration = 60;
const BUDGET_MS = (maxDuration - 10) * 1000;

export const GET = withRouteErrors(async (req: Request): Promise<Response> => {
  if (!isCronAuthorized(req)) throw unauthorized("Unauthorized");
  const { continuation } = cronQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  if (continuation) {
    const started = await startContinuation(BUDGET_MS);
    return Response.json({ started }, { status: started ? 202 : 200 });
  }
  const result = await dispatchDigests({ budgetMs: BUDGET_MS, launcher: cronContinuations() });
  await pruneExpiredRateLimits();
  return Response.json(result);
});

// Without it, Next.js answers a POST 405 with an empty body: a scheduler set up to POST gets the
// error shape every other route gives, and the method to use.
export const POST = (): Response => methodNotAllowed(["GET"]);
