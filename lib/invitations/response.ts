import type { Invitation } from "@/lib/generated/prisma/client";

// The JSON shapes of the invitation API. Pure: client components import their types.

export type InvitationWithRecipient = Invitation & { recipient: { email: string; username: string | null } | null };

export function toInvitationResponse(invitation: InvitationWithRecipient) {
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

export type InvitationResponse = ReturnType<typeof toInvitationResponse>;
export type InvitationsResponse = { availableInvites: number; invitations: InvitationResponse[] };

/** GET /api/invitations/{code}: can this invitation be claimed? */
export type InvitationCheck = { valid: boolean; message: string };
