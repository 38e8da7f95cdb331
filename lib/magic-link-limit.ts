import "server-only";
import { clientIp, hitRateLimit, RATE_LIMITS } from "@/lib/rate-limit";

// Magic-link requests (POST /api/auth/signin/email) are limited per address and per IP before
// next-auth sends anything, and answered 429 with Retry-After.
export async function limitMagicLinkRequest(req: Request, segments: string[]): Promise<Response | null> {
  if (req.method !== "POST" || segments.join("/") !== "signin/email") return null;
  const form = await req.clone().formData().catch(() => null);
  const email = form?.get("email");
  const checks = [
    { rule: RATE_LIMITS.magicLinkPerIp, subject: clientIp(req) },
    ...(typeof email === "string" && email.trim() ? [{ rule: RATE_LIMITS.magicLinkPerAddress, subject: email.trim() }] : []),
  ];
  for (const { rule, subject } of checks) {
    const result = await hitRateLimit(rule, subject);
    if (!result.allowed) {
      return Response.json(
        { message: "Too many sign-in emails requested. Please wait a few minutes and try again." },
        { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
    }
  }
  return null;
}
