import { CircleAlert } from "lucide-react";
import type { ReactNode } from "react";

/** An action's failure, inside a MessageCard. */
export function MessageCardError({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex gap-2 rounded-md border border-destructive/50 bg-destructive/10 p-3 text-left text-sm text-destructive"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>{children}</p>
    </div>
  );
}
