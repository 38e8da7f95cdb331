import { CircleAlert, CircleCheck, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";

// The one-card pages an emailed link opens (unsubscribe, mark as read): an icon, the page's heading,
// what happened or will happen, then the actions.
const TONES = {
  problem: { icon: CircleAlert, className: "bg-destructive/10 text-destructive" },
  success: { icon: CircleCheck, className: "bg-success/15 text-success" },
  question: { icon: CircleAlert, className: "bg-primary/10 text-primary" },
} satisfies Record<string, { icon: LucideIcon; className: string }>;

export type MessageCardProps = {
  tone: keyof typeof TONES;
  /** Replaces the tone's own icon. */
  icon?: LucideIcon;
  title: ReactNode;
  description: ReactNode;
  /** "status" when the description changes as an action completes, so it is announced. */
  descriptionRole?: "status";
  children: ReactNode;
};

export function MessageCard({ tone, icon, title, description, descriptionRole, children }: MessageCardProps) {
  const Icon = icon ?? TONES[tone].icon;
  return (
    <Card className="text-center">
      <CardHeader className="items-center">
        <span className={cn("mb-2 flex size-12 items-center justify-center rounded-full", TONES[tone].className)}>
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <CardTitle as="h1" size="page">
          {title}
        </CardTitle>
        <CardDescription role={descriptionRole}>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}
