import { tokenApiRoute } from "@/lib/api";
import { listLinkCategories } from "@/lib/links";

// The category chips of the history page: every category found in the user's history.
export const GET = tokenApiRoute(async ({ user }) => listLinkCategories(user));
