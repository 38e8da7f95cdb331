import { apiRoute } from "@/lib/http/api-route";
import { claimInvitation } from "@/lib/invitations/service";

export const POST = apiRoute(async ({ user, params }) => claimInvitation(user, params.idOrCode ?? ""));
