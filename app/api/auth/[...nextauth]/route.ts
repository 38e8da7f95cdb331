import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth";
import { limitMagicLinkRequest } from "@/lib/magic-link-limit";

type Context = { params: Promise<{ nextauth: string[] }> };

async function handler(req: NextRequest, context: Context): Promise<Response> {
  const limited = await limitMagicLinkRequest(req, (await context.params).nextauth);
  if (limited) return limited;
  return NextAuth(req, context, authOptions());
}

export { handler as GET, handler as POST };
