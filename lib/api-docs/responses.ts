import "server-only";
import { z } from "zod";
import { ERROR_CODES } from "@/lib/http/error-codes";

// The answers several domains' endpoints share: the Error every endpoint may answer, a plain success
// and a message. The contract test checks the answers themselves against the rendered document.

export const errorSchema = z
  .object({
    code: z.enum(ERROR_CODES).meta({ description: "Stable: branch on this. The codes are listed in the reference." }),
    message: z.string().meta({ description: "For people: the app shows it as is. It may be reworded." }),
    requestId: z.string().optional().meta({ description: "Only on a 500: the id of the server's log line." }),
  })
  .meta({ id: "Error", description: "Every /api error answer." });

export const successSchema = z.object({ success: z.literal(true) });

export const messageSchema = z.object({ message: z.string() });
