import "server-only";
import { HttpError } from "@/lib/errors";
import { clientIp, enforceRateLimits, RATE_LIMITS } from "@/lib/rate-limit";

// Magic-link requests (POST /api/auth/signin/email) are limited per address and per IP before
// next-auth sends anything, and answered 429 with Retry-After.
export async function limitMagicLinkRequest(req: Request, segments: string[]): Promise<Response | null> {
  if (req.method !== "POST" || segments.join("/") !== "signin/email") return null;
  const form = await req.clone().formData().catch(() => null);
  const email = form?.get("email");
  const ip = clientIp(req);
  try {
    await enforceRateLimits(
      [
        ...(ip ? [{ rule: RATE_LIMITS.magicLinkPerIp, subject: ip }] : []),
        ...(typeof email === "string" && email.trim() ? [{ rule: RATE_LIMITS.magicLinkPerAddress, subject: email.trim() }] : []),
      ],
      "Too many sign-in emails requested. Please wait a few minutes and try again.",
    );
    return null;
  } catch (error) {
    if (error instanceof HttpError) return Response.json({ message: error.message }, { status: error.status, headers: error.headers });
    throw error;
  }
}
