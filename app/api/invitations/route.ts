import { endpointRoute } from "@/lib/http/api-route";
import { clientIp } from "@/lib/http/client-ip";
import { createInvitationEndpoint, listInvitationsEndpoint } from "@/lib/invitations/contract";
import { createInvitation, listInvitations } from "@/lib/invitations/service";

export const GET = endpointRoute(listInvitationsEndpoint, async ({ user }) => listInvitations(user));

export const POST = endpointRoute(createInvitationEndpoint, async ({ req, user, body }) => ({
  success: true as const,
  ...(await createInvitation(user, body?.recipientEmail ?? undefined, clientIp(req))),
}));
