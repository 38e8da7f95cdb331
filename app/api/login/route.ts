import { NextResponse } from "next/server";
import { env } from "@/lib/env";
import { signInReturnPath } from "@/lib/auth/return-to";
import { operationRoute } from "@/lib/http/operation-route";
import { SIGN_IN_OPERATIONS } from "@/lib/auth/contract";

// Starts sign-in: the sign-in page, which comes back to `returnTo` (same-origin paths only,
// lib/auth/return-to.ts).
export const GET = operationRoute(SIGN_IN_OPERATIONS.login, (req: Request): Response => {
  const returnTo = signInReturnPath(new URL(req.url).searchParams.get("returnTo"), env.appOrigin);
  const target = new URL("/login", env.appUrl);
  target.searchParams.set("callbackUrl", returnTo);
  return NextResponse.redirect(target, 303);
});
