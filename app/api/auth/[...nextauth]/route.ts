import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth";
import { limitMagicLinkRequest } from "@/lib/magic-link-limit";
import { asJsonError, refuseBadAuthRequest } from "@/lib/next-auth-guard";
import { withRouteErrors } from "@/lib/route-errors";

type Context = { params: Promise<{ nextauth: string[] }> };

const handler = withRouteErrors(async (req: NextRequest, context: Context): Promise<Response> => {
  const segments = (await context.params).nextauth;
  const refused = (await refuseBadAuthRequest(req, segments)) ?? (await limitMagicLinkRequest(req, segments));
  if (refused) return refused;
  return asJsonError(await NextAuth(req, context, authOptions()));
});

export { handler as GET, handler as POST };
