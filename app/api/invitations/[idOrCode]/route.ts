import { apiRoute, publicApiRoute } from "@/lib/http/api-route";
import { checkInvitation, deleteInvitation } from "@/lib/invitations/service";

// The API has GET /api/invitations/{code} and DELETE /api/invitations/{id} on one path, which Next
// allows as one dynamic segment only: GET reads it as a code (public), DELETE as an id.

export const GET = publicApiRoute(async ({ params }) => checkInvitation(params.idOrCode ?? ""));

export const DELETE = apiRoute(async ({ user, params }) => {
  await deleteInvitation(user, params.idOrCode ?? "");
  return { success: true };
});
