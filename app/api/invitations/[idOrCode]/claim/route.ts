import { apiRoute } from "@/lib/api";
import { claimInvitation } from "@/lib/invitations";

export const POST = apiRoute(async ({ user, params }) => claimInvitation(user, params.idOrCode ?? ""));
