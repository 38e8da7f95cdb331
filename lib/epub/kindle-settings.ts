import "server-only";
import { env } from "@/lib/env";
import type { User } from "@/lib/generated/prisma/client";
import type { KindleSettings, KindleSettingsAnswer } from "@/lib/epub/schemas";
import { kindleSender } from "@/lib/epub/kindle-sender";
import { setKindleSettings } from "@/lib/epub/queries";

// The user's Send to Kindle settings, with the address their books come from (the one they approve
// at Amazon: theirs alone, decision 0361).

export function kindleSettingsOf(user: Pick<User, "id" | "kindleEmail" | "kindleWithDigest">): KindleSettingsAnswer {
  return {
    kindleEmail: user.kindleEmail,
    kindleWithDigest: user.kindleWithDigest,
    from: kindleSender(env.emailFrom, user.id).address,
  };
}

/** Saves the address; without one, the digest's books stop too. */
export async function updateKindleSettings(user: User, input: KindleSettings): Promise<KindleSettingsAnswer> {
  const kindleWithDigest = input.kindleEmail ? (input.kindleWithDigest ?? user.kindleWithDigest) : false;
  const updated = await setKindleSettings(user.id, { kindleEmail: input.kindleEmail, kindleWithDigest });
  return kindleSettingsOf(updated);
}
