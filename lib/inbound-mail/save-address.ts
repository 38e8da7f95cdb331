import "server-only";
import { randomBytes } from "node:crypto";
import type { z } from "zod";
import { env } from "@/lib/env";
import type { User } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/http/errors";
import {
  setSaveAddressKey,
  setSaveAddressKeyIfUnset,
  setSaveMailFromAnySender,
  userById,
  userBySaveAddressKey,
} from "@/lib/inbound-mail/queries";
import { encodeAddressKey, saveAddress } from "@/lib/inbound-mail/save-address-rules";
import type { SaveAddressSettings, saveAddressAnswer } from "@/lib/inbound-mail/schemas";

// Each user's private save address (docs/decisions/0325): made on first use, replaced on request.

export const SAVE_BY_EMAIL_OFF_MESSAGE = "Save by email is not set up on this server.";

export type SaveAddressResponse = z.output<typeof saveAddressAnswer>;

/** The domain of every save address; a 404 naming the feature when the operator has not set it up. */
function inboundDomain(): string {
  if (!env.inboundEmailDomain) throw notFound(SAVE_BY_EMAIL_OFF_MESSAGE);
  return env.inboundEmailDomain;
}

const newAddressKey = () => encodeAddressKey(randomBytes(16));

function toResponse(user: User, domain: string, key: string): SaveAddressResponse {
  return { address: saveAddress(key, domain), fromAnySender: user.saveMailFromAnySender };
}

/** The user's save address, made now if the user has none yet (two first requests at once make one). */
export async function saveAddressOf(user: User): Promise<SaveAddressResponse> {
  const domain = inboundDomain();
  let current = user;
  if (!current.saveAddressKey) {
    await setSaveAddressKeyIfUnset(user.id, newAddressKey());
    current = await userById(user.id);
  }
  if (!current.saveAddressKey) throw new Error("a save address key was just set and is missing");
  return toResponse(current, domain, current.saveAddressKey);
}

/** A new address: the old one stops working at once (mail to it is refused as to an unknown address). */
export async function regenerateSaveAddress(user: User): Promise<SaveAddressResponse> {
  const domain = inboundDomain();
  const key = newAddressKey();
  const updated = await setSaveAddressKey(user.id, key);
  return toResponse(updated, domain, key);
}

export async function updateSaveAddressSettings(
  user: User,
  settings: SaveAddressSettings,
): Promise<SaveAddressResponse> {
  inboundDomain();
  const updated = await setSaveMailFromAnySender(user.id, settings.fromAnySender);
  return saveAddressOf(updated);
}

/** The user a save address's key belongs to; null for a key nobody has (never had, or replaced). */
export function findSaveAddressOwner(key: string): Promise<User | null> {
  return userBySaveAddressKey(key);
}
