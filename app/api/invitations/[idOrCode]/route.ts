import { endpointRoute } from "@/lib/http/api-route";
import { checkInvitationEndpoint, deleteInvitationEndpoint } from "@/lib/invitations/contract";
import { checkInvitation, deleteInvitation } from "@/lib/invitations/service";

// GET /api/invitations/{code} and DELETE /api/invitations/{id} share one path, which Next allows as
// one dynamic segment only.

export const GET = endpointRoute(checkInvitationEndpoint, async ({ params }) => checkInvitation(params.idOrCode));

export const DELETE = endpointRoute(deleteInvitationEndpoint, async ({ user, params }) => {
  await deleteInvitation(user, params.idOrCode);
  return { success: true as const };
});
