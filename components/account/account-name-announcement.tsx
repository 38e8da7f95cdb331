"use client";

import { useEffect } from "react";
import { announceAccountName } from "@/lib/client/account-name";

/** Renders nothing: once shown, the header's menus name the account `to` instead of `from`. */
export function AccountNameAnnouncement({ from, to }: { from: string; to: string }) {
  useEffect(() => announceAccountName({ from, to }), [from, to]);
  return null;
}
