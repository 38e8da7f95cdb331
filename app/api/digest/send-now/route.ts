import { sendNowEndpoint } from "@/lib/digests/contract";
import { sendDigestNow } from "@/lib/digests/send-now";
import { endpointRoute } from "@/lib/http/api-route";

export const POST = endpointRoute(sendNowEndpoint, async ({ user }) => sendDigestNow(user));
