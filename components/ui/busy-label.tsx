import { LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";

/** A button's text: `label`, or while `busy` a spinner and `busyLabel` ("Saving..."). */
export function BusyLabel({ busy, label, busyLabel }: { busy: boolean; label: ReactNode; busyLabel: ReactNode }) {
  if (!busy) return label;
  return (
    <>
      <LoaderCircle aria-hidden="true" className="animate-spin" />
      {busyLabel}
    </>
  );
}
