"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { apiRequest, serverMessage } from "@/lib/client/fetcher";

/** The connect page's button: a token for the extension, handed straight to its receiving page. */
export function ConnectExtension({
  redirectUrl,
  state,
  tokenName,
  extensionId,
  whereToCompare,
  allowed,
}: {
  redirectUrl: string;
  state: string;
  tokenName: string;
  /** The asking extension's id, for the user to compare with the one their browser shows. */
  extensionId: string;
  whereToCompare: string;
  /** What its token may do, one phrase each. */
  allowed: readonly string[];
}) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState("");

  async function connect() {
    setBusy(true);
    setMessage("");
    try {
      const res = await apiRequest("POST", "/api/extension/connect", { redirectUrl, state });
      const answer: { redirectUrl: string } = await res.json();
      window.location.assign(answer.redirectUrl);
    } catch (error) {
      setMessage(serverMessage(error, "The extension could not be connected. Please try again."));
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-4">
      <p className="text-sm">
        The extension with this ID asks to connect to your stash:
        <code className="mt-1 block break-all font-mono text-sm" data-testid="extension-id">
          {extensionId}
        </code>
      </p>
      <p className="text-sm">
        Connect only if it is the LinkStash extension you installed: your browser shows that extension&rsquo;s ID at{" "}
        {whereToCompare}. If they differ, close this page.
      </p>
      <div className="text-sm">
        <p>Its token, &ldquo;{tokenName}&rdquo;, will only be able to:</p>
        <ul className="mt-1 list-disc pl-5">
          {allowed.map((phrase) => (
            <li key={phrase}>{phrase}</li>
          ))}
        </ul>
        <p className="mt-1">Nothing else. You can revoke it at any time in Settings → API tokens.</p>
      </div>
      <Button onClick={connect} disabled={busy}>
        {busy ? "Connecting…" : "Connect"}
      </Button>
      <p role="status" aria-live="polite" className="text-sm empty:hidden">
        {message}
      </p>
    </div>
  );
}
