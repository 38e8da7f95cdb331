import { apiRoute } from "@/lib/http/api-route";
import { sendToKindle } from "@/lib/epub/send-to-kindle";
import { kindleSendSchema } from "@/lib/validations/kindle";

// Mails the book of one link or of History's filters to the user's Kindle address.
export const POST = apiRoute(kindleSendSchema, async ({ user, body }) => sendToKindle(user, body));
