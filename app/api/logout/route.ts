import { NextResponse } from "next/server";
import { env } from "@/lib/env";
import { forbidden } from "@/lib/http/errors";
import { operationRoute } from "@/lib/http/operation-route";
import { SIGN_IN_OPERATIONS } from "@/lib/auth/contract";
import { endSession, SESSION_COOKIE, sessionTokenFromRequest } from "@/lib/auth/session";
import { logoutAnswer, SIGN_OUT_PAGE } from "@/lib/auth/logout-request";

// Ends the session (its row is deleted, the cookie cleared) and goes to the landing page, when the
// request is the user's own: the Sign out link (GET) or the confirm page's form (POST). A link from
// another site goes to that page instead; an image, a fetch or a frame is refused (decision 0302).
async function logout(req: Request): Promise<Response> {
  const headers = req.headers;
  const answer = logoutAnswer(
    {
      method: req.method,
      site: headers.get("sec-fetch-site"),
      mode: headers.get("sec-fetch-mode"),
      dest: headers.get("sec-fetch-dest"),
      origin: headers.get("origin"),
      referer: headers.get("referer"),
    },
    env.appOrigin,
  );
  if (answer === "refuse")
    throw forbidden("Sign out from LinkStash itself: use the Sign out link in its menu.", "cross_origin");
  if (answer === "confirm") return NextResponse.redirect(new URL(SIGN_OUT_PAGE, env.appUrl), 303);
  await endSession(sessionTokenFromRequest(req));
  const response = NextResponse.redirect(new URL("/", env.appUrl), 303);
  response.cookies.set(SESSION_COOKIE, "", {
    path: "/",
    maxAge: 0,
    httpOnly: true,
    sameSite: "lax",
    secure: env.secureCookies,
  });
  // The HTTP cache (signed-in pages kept for Back) goes with the session. Not "storage": that would
  // also take the theme choice and the installed app's worker; the worker drops its reader pages
  // itself (public/sw.js).
  response.headers.set("Clear-Site-Data", '"cache"');
  return response;
}

export const GET = operationRoute(SIGN_IN_OPERATIONS.logoutLink, logout);
export const POST = operationRoute(SIGN_IN_OPERATIONS.logoutForm, logout);
