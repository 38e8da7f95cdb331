/**
 * Copies `text` to the clipboard and answers what to announce: that `what` ("address", "token",
 * "app password") was copied, or, where the browser refuses (no permission, not a secure origin),
 * how to copy it by hand.
 */
export async function copyText(text: string, what: string): Promise<string> {
  try {
    await navigator.clipboard.writeText(text);
    return `${what.charAt(0).toUpperCase()}${what.slice(1)} copied to the clipboard.`;
  } catch {
    return `Copying failed: select the ${what} and copy it yourself.`;
  }
}
