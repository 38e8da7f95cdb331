import "server-only";
import { z } from "zod";
import { messageSchema, successSchema } from "@/lib/api-docs/responses";
import { defineEndpoint } from "@/lib/http/contract";
import {
  createdInvitationAnswer,
  createInvitationSchema,
  invitationCheckAnswer,
  invitationsAnswer,
} from "@/lib/invitations/schemas";

// Invitations: the caller's own, and claiming one by its code. A code and an id share one path
// segment: GET and claim read it as a code, DELETE as an id.

const byCode = z.object({ idOrCode: z.string().meta({ description: "The invitation's code." }) });
const byId = z.object({ idOrCode: z.string().meta({ description: "The invitation's id." }) });

export const listInvitationsEndpoint = defineEndpoint({
  method: "get",
  path: "/api/invitations",
  tag: "invitations",
  summary: "List the caller's invitations",
  access: "session",
  success: { status: 200, description: "The invitations and how many are left.", schema: invitationsAnswer },
});

export const createInvitationEndpoint = defineEndpoint({
  method: "post",
  path: "/api/invitations",
  tag: "invitations",
  summary: "Create an invitation",
  description: "Emailed when `recipientEmail` is given; without a body, the link is for sharing by hand.",
  access: "session",
  body: { schema: createInvitationSchema, required: false },
  success: { status: 201, description: "Created.", schema: createdInvitationAnswer },
  errors: { 402: ["plan_limit"], 429: ["rate_limited"] },
});

export const checkInvitationEndpoint = defineEndpoint({
  method: "get",
  path: "/api/invitations/{idOrCode}",
  tag: "invitations",
  summary: "Whether an invitation code can be claimed",
  access: "public",
  params: byCode,
  success: { status: 200, description: "Valid or not, in words.", schema: invitationCheckAnswer },
});

export const deleteInvitationEndpoint = defineEndpoint({
  method: "delete",
  path: "/api/invitations/{idOrCode}",
  tag: "invitations",
  summary: "Delete an unclaimed invitation",
  access: "session",
  params: byId,
  success: { status: 200, description: "Deleted; the invite is available again.", schema: successSchema },
  errors: { 404: ["not_found"], 409: ["conflict"] },
});

export const claimInvitationEndpoint = defineEndpoint({
  method: "post",
  path: "/api/invitations/{idOrCode}/claim",
  tag: "invitations",
  summary: "Claim an invitation",
  description: "One claim per account and per mailbox, never one's own.",
  access: "session",
  params: byCode,
  success: { status: 200, description: "Claimed.", schema: messageSchema },
  errors: { 403: ["forbidden"], 404: ["not_found"], 409: ["already_claimed"] },
});

export const INVITATION_ENDPOINTS = [
  listInvitationsEndpoint,
  createInvitationEndpoint,
  checkInvitationEndpoint,
  deleteInvitationEndpoint,
  claimInvitationEndpoint,
];
