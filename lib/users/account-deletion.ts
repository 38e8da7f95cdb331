import "server-only";
import { cancelSubscriptionForDeletion } from "@/lib/billing/cancellation";
import type { User } from "@/lib/generated/prisma/client";
import { deleteUserWithSignInLinks } from "@/lib/users/queries";

// DELETE /api/user (decision 0020): deleting the user row removes every row that
// belongs to it by cascade (links, categories, sessions, accounts, invitations sent, deliveries),
// and with the sessions every signed-in device is signed out. Invitations the user claimed stay
// with their inviter, without the claimer. A Stripe subscription is canceled first: if that fails
// the account stays (503), since a deleted account must not go on being charged.

export async function deleteAccount(user: User): Promise<void> {
  await cancelSubscriptionForDeletion(user);
  await deleteUserWithSignInLinks(user.id, user.email);
}
