import { apiRoute } from "@/lib/api";
import { deleteAccount } from "@/lib/account-deletion";

export const DELETE = apiRoute(async ({ user }) => {
  await deleteAccount(user);
  return { success: true };
});
