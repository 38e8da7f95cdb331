import "server-only";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { User } from "@/lib/generated/prisma/client";
import type { KindleSettings } from "@/lib/validations/kindle";

// The user's Send to Kindle settings, with the address books come from (the one Amazon must approve).

export type KindleSettingsResponse = { kindleEmail: string | null; kindleWithDigest: boolean; from: string };

export function kindleSettingsOf(user: Pick<User, "kindleEmail" | "kindleWithDigest">): KindleSettingsResponse {
  return { kindleEmail: user.kindleEmail, kindleWithDigest: user.kindleWithDigest, from: env.emailFrom };
}

/** Saves the address; without one, the digest's books stop too. */
export async function updateKindleSettings(user: User, input: KindleSettings): Promise<KindleSettingsResponse> {
  const kindleWithDigest = input.kindleEmail ? (input.kindleWithDigest ?? user.kindleWithDigest) : false;
  const updated = await getDb().user.update({
    where: { id: user.id },
    data: { kindleEmail: input.kindleEmail, kindleWithDigest },
  });
  return kindleSettingsOf(updated);
}
