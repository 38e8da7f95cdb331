import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/options";
import { guardMagicLinkCallback } from "@/lib/auth/magic-link-callback";
import { limitMagicLinkRequest } from "@/lib/auth/sign-in-limit";
import { asJsonError, refuseBadAuthRequest } from "@/lib/auth/next-auth-guard";
import { operationRoute } from "@/lib/http/operation-route";
import { SIGN_IN_OPERATIONS } from "@/lib/auth/contract";

type Context = { params: Promise<{ nextauth: string[] }> };

const handler = async (req: NextRequest, context: Context): Promise<Response> => {
  const segments = (await context.params).nextauth;
  const refused =
    (await refuseBadAuthRequest(req, segments)) ??
    guardMagicLinkCallback(req, segments) ??
    (await limitMagicLinkRequest(req, segments));
  if (refused) return refused;
  return asJsonError(await NextAuth(req, context, authOptions()));
};

export const GET = operationRoute(SIGN_IN_OPERATIONS.nextAuthGet, handler);
export const POST = operationRoute(SIGN_IN_OPERATIONS.nextAuthPost, handler);
