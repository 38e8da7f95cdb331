import "server-only";
import { signInIdentifier } from "@/lib/auth/sign-in-request";
import { errorResponse, HttpError, httpErrorResponse } from "@/lib/http/errors";
import { clientIp } from "@/lib/http/client-ip";
import { enforceRateLimits } from "@/lib/rate-limits/rate-limit";
import { RATE_LIMITS } from "@/lib/rate-limits/rules";

// Magic-link requests (POST /api/auth/signin/email) before next-auth sees them: one valid address
// (400 otherwise, so nothing is mailed and no account is made), read as next-auth will read it, then
// limited per address and per IP (429 with Retry-After) before anything is sent.
export async function limitMagicLinkRequest(req: Request, segments: string[]): Promise<Response | null> {
  if (req.method !== "POST" || segments.join("/") !== "signin/email") return null;
  const identifier = signInIdentifier(req.headers.get("content-type"), await req.clone().text());
  if (!identifier.ok) return errorResponse(400, identifier.code, identifier.message);
  const ip = clientIp(req);
  try {
    await enforceRateLimits(
      [
        ...(ip ? [{ rule: RATE_LIMITS.magicLinkPerIp, subject: ip }] : []),
        { rule: RATE_LIMITS.magicLinkPerAddress, subject: identifier.email },
      ],
      "Too many sign-in emails requested. Please wait a few minutes and try again.",
    );
    return null;
  } catch (error) {
    if (error instanceof HttpError) return httpErrorResponse(error);
    throw error;
  }
}
