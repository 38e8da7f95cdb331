import { useQuery } from "@tanstack/react-query";
import type { InvitationCheck, InvitationResponse, InvitationsResponse } from "@/lib/invitations";

// Query keys are the API paths (lib/fetcher.ts joins them into the URL).

export type { InvitationCheck, InvitationResponse, InvitationsResponse };

export const INVITATIONS_KEY = ["/api/invitations"];

export const invitationCheckKey = (code: string) => ["/api/invitations", encodeURIComponent(code)];

/** SPEC §9: "Copied!" shows for 2 seconds; a claimed invitation moves on to the dashboard after 2. */
export const COPY_CONFIRMATION_MS = 2000;
export const CLAIM_REDIRECT_MS = 2000;

/** The user's invitations; the page's server render fills the cache, so the first render has them. */
export function useInvitations() {
  return useQuery<InvitationsResponse>({ queryKey: INVITATIONS_KEY });
}
