"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { apiRequest, serverMessage } from "@/lib/client/fetcher";

/** The connect page's button: a token for the extension, handed straight to its receiving page. */
export function ConnectExtension({
  redirectUrl,
  state,
  tokenName,
}: {
  redirectUrl: string;
  state: string;
  tokenName: string;
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
        The LinkStash extension in this browser will save links to your stash and read your categories. It gets its own
        token, &ldquo;{tokenName}&rdquo;, which you can revoke at any time in Settings → API tokens.
      </p>
      <Button onClick={connect} disabled={busy}>
        {busy ? "Connecting…" : "Connect"}
      </Button>
      <p role="status" aria-live="polite" className="text-sm empty:hidden">
        {message}
      </p>
    </div>
  );
}
