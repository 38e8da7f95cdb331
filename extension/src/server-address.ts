// The server address the user types in the options (docs/decisions/0323). Pure.

export type ServerAddress = { ok: true; origin: string } | { ok: false; message: string };

export const ADDRESS_INVALID_MESSAGE = "Enter the address of your LinkStash, such as https://links.example.com";

/**
 * The origin of a LinkStash server, from what was typed: a missing scheme means https; http is for
 * a server on this machine or a local network, as the user chooses. A path is dropped: LinkStash
 * runs at the root of its origin.
 */
export function parseServerAddress(input: string): ServerAddress {
  const trimmed = input.trim();
  if (trimmed === "" || /\s/.test(trimmed)) return { ok: false, message: ADDRESS_INVALID_MESSAGE };
  const candidate = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return { ok: false, message: ADDRESS_INVALID_MESSAGE };
  }
  if ((url.protocol !== "https:" && url.protocol !== "http:") || url.username !== "" || url.password !== "")
    return { ok: false, message: ADDRESS_INVALID_MESSAGE };
  return { ok: true, origin: url.origin };
}
