import { isCronAuthorized } from "@/lib/cron-auth";
import { dispatchDigests } from "@/lib/digests/dispatch";
import { unauthorized } from "@/lib/errors";
import { pruneExpiredRateLimits } from "@/lib/rate-limit";
import { withRouteErrors } from "@/lib/route-errors";

// Hosted deployments call this hourly (vercel.json); it stops well before maxDuration and leaves
// what it could not send for the next call.
export const maxDuration = 60;

export const GET = withRouteErrors(async (req: Request): Promise<Response> => {
  if (!isCronAuthorized(req)) throw unauthorized("Unauthorized");
  const result = await dispatchDigests({ budgetMs: (maxDuration - 10) * 1000 });
  await pruneExpiredRateLimits();
  return Response.json(result);
});
