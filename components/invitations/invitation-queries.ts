import { useQuery } from "@tanstack/react-query";
import { INVITATIONS_KEY } from "@/lib/client/query-keys";
import type { InvitationResponse, InvitationsResponse } from "@/lib/invitations/response";

// The invitations query; its key is in lib/client/query-keys.ts.

export type { InvitationResponse, InvitationsResponse };

/** "Copied!" shows for 2 seconds (docs/product.md, "Notifications and timings"). */
export const COPY_CONFIRMATION_MS = 2000;

/** The user's invitations; the page's server render fills the cache, so the first render has them. */
export function useInvitations() {
  return useQuery<InvitationsResponse>({ queryKey: INVITATIONS_KEY });
}
