/**
 * Copies `text` to the clipboard and answers what to announce: that `what` was copied, or, where
 * the browser refuses (no permission, not a secure origin), how to copy it by hand.
 */
export async function copyText(text: string, what: "address" | "token"): Promise<string> {
  try {
    await navigator.clipboard.writeText(text);
    return `${what === "address" ? "Address" : "Token"} copied to the clipboard.`;
  } catch {
    return `Copying failed: select the ${what} and copy it yourself.`;
  }
}
