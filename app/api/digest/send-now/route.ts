import { apiRoute } from "@/lib/http/api-route";
import { sendDigestNow } from "@/lib/digests/send-now";

export const POST = apiRoute(async ({ user }) => sendDigestNow(user));
