"use client";

import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { COPY_CONFIRMATION_MS } from "@/components/invitations/invitation-queries";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { inviteLink } from "@/lib/invitations/rules";

/** Copies this origin's claim link for the code; the button says "Copied!" for 2 seconds. */
export function CopyInviteLinkButton({ code, rewards }: { code: string; rewards: boolean }) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    const link = inviteLink(window.location.origin, code);
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      // No clipboard access (permission refused, insecure origin): the link can still be copied by hand.
      toast({ variant: "destructive", title: "Could not copy the link", description: `Copy it by hand: ${link}` });
      return;
    }
    setCopied(true);
    // The reward is 1 month everywhere, this toast included (docs/product.md, "Trial and invitations").
    toast({
      title: "Invite link copied!",
      description: rewards
        ? "Share it with a friend: it gives them 1 month of Pro for free."
        : "Share it with a friend.",
    });
  }

  return (
    <Button variant="outline" size="sm" onClick={copy} aria-live="polite">
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {copied ? "Copied!" : "Copy Invite Link"}
    </Button>
  );
}
