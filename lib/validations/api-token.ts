import "@/lib/validations/zod-setup";
import { z } from "zod";
import {
  MAX_TOKEN_NAME_LENGTH,
  TOKEN_NAME_REQUIRED_MESSAGE,
  TOKEN_NAME_TOO_LONG_MESSAGE,
} from "@/lib/validations/api-token-name";

// The name of a personal API token (Settings → API tokens, POST /api/tokens).

export const apiTokenSchema = z.object({
  name: z
    .string({ error: TOKEN_NAME_REQUIRED_MESSAGE })
    // A NUL or half an emoji cannot be stored; control characters would break the list.
    .overwrite((name) => name.replace(/[\u0000-\u001f\u007f]/g, " ").toWellFormed())
    .trim()
    .min(1, { error: TOKEN_NAME_REQUIRED_MESSAGE })
    .max(MAX_TOKEN_NAME_LENGTH, { error: TOKEN_NAME_TOO_LONG_MESSAGE }),
});

export type ApiTokenInput = z.input<typeof apiTokenSchema>;
