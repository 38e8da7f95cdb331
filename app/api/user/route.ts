import { endpointRoute } from "@/lib/http/api-route";
import { deleteAccount } from "@/lib/users/account-deletion";
import { deleteAccountEndpoint } from "@/lib/users/contract";

export const DELETE = endpointRoute(deleteAccountEndpoint, async ({ user }) => {
  await deleteAccount(user);
  return { success: true as const };
});
