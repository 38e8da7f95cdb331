import type { z } from "zod";
import type { Invitation } from "@/lib/generated/prisma/client";
import type { invitationAnswer, invitationCheckAnswer, invitationsAnswer } from "@/lib/invitations/schemas";

// The JSON shapes of the invitation API. Pure: client components import their types.

export type InvitationWithRecipient = Invitation & { recipient: { email: string; username: string | null } | null };

export type InvitationResponse = z.output<typeof invitationAnswer>;
export type InvitationsResponse = z.output<typeof invitationsAnswer>;
export type InvitationCheck = z.output<typeof invitationCheckAnswer>;

export function toInvitationResponse(invitation: InvitationWithRecipient): InvitationResponse {
  return {
    id: invitation.id,
    code: invitation.code,
    status: invitation.status,
    recipientEmail: invitation.recipientEmail,
    recipientId: invitation.recipientId,
    recipientName: invitation.recipient ? (invitation.recipient.username ?? invitation.recipient.email) : null,
    createdAt: invitation.createdAt.toISOString(),
    usedAt: invitation.usedAt?.toISOString() ?? null,
  };
}
