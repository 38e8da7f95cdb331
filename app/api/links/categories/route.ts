import { tokenApiRoute } from "@/lib/http/api-route";
import { listLinkCategories } from "@/lib/links/service";

// The category chips of the history page: every category found in the user's history.
export const GET = tokenApiRoute("links:read", async ({ user }) => listLinkCategories(user));
