import { isCronAuthorized } from "@/lib/cron-auth";
import { dispatchDigests } from "@/lib/digests/dispatch";
import { logError } from "@/lib/request-log";

// Hosted deployments call this hourly (vercel.json); it stops well before maxDuration and leaves
// what it could not send for the next call.
export const maxDuration = 60;

export async function GET(req: Request): Promise<Response> {
  if (!isCronAuthorized(req)) return Response.json({ message: "Unauthorized" }, { status: 401 });
  try {
    return Response.json(await dispatchDigests({ budgetMs: (maxDuration - 10) * 1000 }));
  } catch (error) {
    const requestId = crypto.randomUUID();
    logError({ requestId, method: "GET", path: "/api/cron/digests", error });
    return Response.json({ message: `Digest dispatch failed. (request ${requestId})`, requestId }, { status: 500 });
  }
}
