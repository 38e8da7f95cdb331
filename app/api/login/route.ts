import { NextResponse } from "next/server";
import { env } from "@/lib/env";
import { safeReturnPath } from "@/lib/return-to";
import { withRouteErrors } from "@/lib/route-errors";

// Starts sign-in: the sign-in page, which comes back to `returnTo` (same-origin paths only).
export const GET = withRouteErrors((req: Request): Response => {
  const returnTo = safeReturnPath(new URL(req.url).searchParams.get("returnTo"));
  const target = new URL("/login", env.appUrl);
  target.searchParams.set("callbackUrl", returnTo);
  return NextResponse.redirect(target, 303);
});
