import { endpointRoute } from "@/lib/http/api-route";
import { claimInvitationEndpoint } from "@/lib/invitations/contract";
import { claimInvitation } from "@/lib/invitations/service";

export const POST = endpointRoute(claimInvitationEndpoint, async ({ user, params }) =>
  claimInvitation(user, params.idOrCode),
);
