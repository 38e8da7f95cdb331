import { Clock, TriangleAlert } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { trialStatus, type TrialTone } from "@/lib/billing/trial-status";
import { cn } from "@/lib/utils";

const toneClass: Record<TrialTone, string> = {
  ended: "border-destructive/60 bg-destructive/10",
  attention: "border-amber-500/60 bg-amber-50 dark:bg-amber-950/40",
  normal: "border-primary/30 bg-primary/5",
};

const iconClass: Record<TrialTone, string> = {
  ended: "text-destructive",
  attention: "text-amber-600 dark:text-amber-400",
  normal: "text-primary",
};

/**
 * The dashboard's trial banner, shown only with billing on: a server without billing has
 * no trial to end (docs/decisions/0304).
 */
export function TrialBanner({ daysLeft }: { daysLeft: number }) {
  const { tone, message } = trialStatus(daysLeft);
  const Icon = tone === "normal" ? Clock : TriangleAlert;
  const detail =
    tone !== "ended"
      ? "Upgrade to Pro to keep unlimited links, daily digests and custom schedules."
      : "Free accounts can save 1 link per day and get weekly digests. Upgrade to Pro for unlimited links.";

  return (
    <section
      aria-label="Free trial"
      data-tone={tone}
      className={cn(
        "flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between",
        toneClass[tone],
      )}
    >
      <div className="flex gap-3">
        <Icon aria-hidden="true" className={cn("mt-0.5 size-5 shrink-0", iconClass[tone])} />
        <div className="grid gap-1">
          <p className={cn("font-medium", tone === "ended" && "text-destructive")}>{message}</p>
          <p className="text-sm text-muted-foreground">{detail}</p>
        </div>
      </div>
      <Button asChild variant={tone === "ended" ? "destructive" : "default"} className="w-full sm:w-auto">
        <Link href="/pricing">View Plans</Link>
      </Button>
    </section>
  );
}
