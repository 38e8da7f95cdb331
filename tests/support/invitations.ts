import { DELETE as deleteRoute, GET as checkRoute } from "@/app/api/invitations/[idOrCode]/route";
import { POST as claimRoute } from "@/app/api/invitations/[idOrCode]/claim/route";
import { GET as listRoute, POST as createRoute } from "@/app/api/invitations/route";
import type { InvitationResponse, InvitationsResponse } from "@/lib/invitations/response";
import { apiRequest, routeParams } from "@/tests/support/factories";

// The invitation routes called as the browser calls them: bodiless mutations arrive as an empty
// stream without a Content-Type, as under `next start`.

export const listInvitations = (cookie?: string) => listRoute(apiRequest("GET", "/api/invitations", { cookie }));

export const createInvitation = (cookie: string, json?: unknown) =>
  createRoute(
    apiRequest("POST", "/api/invitations", json === undefined ? { cookie, emptyStream: true } : { cookie, json }),
  );

export const deleteInvitation = (cookie: string, id: string) =>
  deleteRoute(
    apiRequest("DELETE", `/api/invitations/${id}`, { cookie, emptyStream: true }),
    routeParams({ idOrCode: id }),
  );

export const checkInvitation = (code: string, cookie?: string) =>
  checkRoute(apiRequest("GET", `/api/invitations/${code}`, { cookie }), routeParams({ idOrCode: code }));

export const claimInvitation = (cookie: string, code: string) =>
  claimRoute(
    apiRequest("POST", `/api/invitations/${code}/claim`, { cookie, emptyStream: true }),
    routeParams({ idOrCode: code }),
  );

export async function readList(cookie: string): Promise<InvitationsResponse> {
  const res = await listInvitations(cookie);
  if (res.status !== 200) throw new Error(`GET /api/invitations answered ${res.status}`);
  const body: InvitationsResponse = await res.json();
  return body;
}

/** Creates an invitation through the API (201 expected) and returns it. */
export async function newInvitation(cookie: string, json?: unknown): Promise<InvitationResponse> {
  const res = await createInvitation(cookie, json);
  if (res.status !== 201) throw new Error(`POST /api/invitations answered ${res.status}: ${await res.text()}`);
  const body: { invitation: InvitationResponse } = await res.json();
  return body.invitation;
}
