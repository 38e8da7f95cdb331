import "@/lib/validations/zod-setup";
import { z } from "zod";

// Save by email as the API takes and answers it. Settings → Save by email (PUT
// /api/user/save-address): whose mail the user's save address saves.

export const FROM_ANY_SENDER_MESSAGE = "fromAnySender must be true or false";

export const saveAddressSettingsSchema = z.object({
  fromAnySender: z.boolean({ error: FROM_ANY_SENDER_MESSAGE }).meta({
    description: "Save mail from any sender (true), or only from the account's own address (false, the default).",
  }),
});

export type SaveAddressSettings = z.output<typeof saveAddressSettingsSchema>;

export const saveAddressAnswer = z
  .object({
    address: z
      .string()
      .meta({ description: "The caller's private save address: mail sent or forwarded to it is saved." }),
    fromAnySender: z.boolean().meta({
      description: "Whether mail from any sender is saved; otherwise only from the account's own address.",
    }),
  })
  .meta({ id: "SaveAddress" });
