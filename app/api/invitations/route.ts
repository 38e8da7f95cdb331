import { apiRoute } from "@/lib/http/api-route";
import { createInvitation, listInvitations } from "@/lib/invitations/service";
import { clientIp } from "@/lib/http/rate-limit";
import { createInvitationSchema } from "@/lib/validations/invitation";

export const GET = apiRoute(async ({ user }) => listInvitations(user));

export const POST = apiRoute(createInvitationSchema, async ({ req, user, body }) => {
  const result = await createInvitation(user, body?.recipientEmail ?? undefined, clientIp(req));
  return Response.json({ success: true, ...result }, { status: 201 });
});
