import { apiRoute } from "@/lib/http/api-route";
import { deleteAccount } from "@/lib/users/account-deletion";

export const DELETE = apiRoute(async ({ user }) => {
  await deleteAccount(user);
  return { success: true };
});
