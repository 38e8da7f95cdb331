import "server-only";
import { cancelSubscriptionForDeletion } from "@/lib/billing/cancellation";
import { getDb } from "@/lib/db/client";
import type { User } from "@/lib/generated/prisma/client";

// DELETE /api/user (decision 0020): deleting the user row removes every row that
// belongs to it by cascade (links, categories, sessions, accounts, invitations sent, deliveries),
// and with the sessions every signed-in device is signed out. Invitations the user claimed stay
// with their inviter, without the claimer. A Stripe subscription is canceled first: if that fails
// the account stays (503), since a deleted account must not go on being charged.

export async function deleteAccount(user: User): Promise<void> {
  await cancelSubscriptionForDeletion(user);
  const db = getDb();
  await db.$transaction([
    // Pending sign-in links hold the address too: they go with the account.
    db.verificationToken.deleteMany({ where: { identifier: user.email } }),
    // deleteMany: a second, simultaneous deletion finds nothing left and is not an error.
    db.user.deleteMany({ where: { id: user.id } }),
  ]);
}
