import { endpointRoute } from "@/lib/http/api-route";
import { deleteAccount } from "@/lib/users/account-deletion";
import { deleteAccountEndpoint } from "@/lib/users/contract";
import { appUserEndpoint } from "@/lib/wallabag/contract";
import { appUser } from "@/lib/wallabag/service";

// GET is wallabag's (an app's token); DELETE the app's own (the session).
export const GET = endpointRoute(appUserEndpoint, async ({ user }) => appUser(user));

export const DELETE = endpointRoute(deleteAccountEndpoint, async ({ user }) => {
  await deleteAccount(user);
  return { success: true as const };
});
