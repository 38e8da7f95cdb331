"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { useToast } from "@/components/ui/use-toast";

// Radix Toast loads with the first notification, not with every page.
const Toaster = dynamic(() => import("@/components/ui/toaster").then((module) => module.Toaster), { ssr: false });

/** The notification area, mounted once something is to be shown and kept from then on. */
export function LazyToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  return needed ? <Toaster /> : null;
}
