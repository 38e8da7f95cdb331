import { sendToKindleEndpoint } from "@/lib/epub/contract";
import { sendToKindle } from "@/lib/epub/send-to-kindle";
import { endpointRoute } from "@/lib/http/api-route";

// Mails the book of one link or of History's filters to the user's Kindle address.
export const POST = endpointRoute(sendToKindleEndpoint, async ({ user, body }) => sendToKindle(user, body));
