import { NextResponse } from "next/server";
import { env } from "@/lib/env";
import { withRouteErrors } from "@/lib/http/route-errors";
import { endSession, SESSION_COOKIE, sessionTokenFromRequest } from "@/lib/auth/session";

// Ends the session (its row is deleted, the cookie cleared) and goes to the landing page.
export const GET = withRouteErrors(async (req: Request): Promise<Response> => {
  await endSession(sessionTokenFromRequest(req));
  const response = NextResponse.redirect(new URL("/", env.appUrl), 303);
  response.cookies.set(SESSION_COOKIE, "", {
    path: "/",
    maxAge: 0,
    httpOnly: true,
    sameSite: "lax",
    secure: env.secureCookies,
  });
  return response;
});
