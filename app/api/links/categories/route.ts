import { endpointRoute } from "@/lib/http/api-route";
import { linkCategoriesEndpoint } from "@/lib/links/contract";
import { listLinkCategories } from "@/lib/links/service";

// The category chips of the history page: every category found in the user's history.
export const GET = endpointRoute(linkCategoriesEndpoint, async ({ user }) => listLinkCategories(user));
