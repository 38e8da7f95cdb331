import { CalendarClock, History, ShieldCheck, Zap } from "lucide-react";

const FEATURES = [
  { icon: Zap, title: "Save in seconds", description: "Stash a link with a note and up to 3 categories." },
  {
    icon: CalendarClock,
    title: "Digests on your schedule",
    description: "Your links arrive by email when you have time to read.",
  },
  {
    icon: History,
    title: "Your whole history",
    description: "Everything you saved, grouped by day and easy to filter.",
  },
] as const;
const PAYMENTS = {
  icon: ShieldCheck,
  title: "Secure payments",
  description: "Checkout by Stripe. Cancel anytime from Settings.",
} as const;
const NO_PAYMENTS = {
  icon: ShieldCheck,
  title: "Nothing to pay here",
  description: "This server takes no payments: every feature is included for every account.",
} as const;

/** The strip of features under the plans (docs/product.md, "Plans and prices"). */
export function FeatureStrip({ billingEnabled }: { billingEnabled: boolean }) {
  return (
    <section aria-labelledby="feature-strip-title" className="rounded-xl border bg-muted/40 px-6 py-8">
      <h2 id="feature-strip-title" className="sr-only">
        Every plan includes
      </h2>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {[...FEATURES, billingEnabled ? PAYMENTS : NO_PAYMENTS].map(({ icon: Icon, title, description }) => (
          <li key={title} className="flex gap-3">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <Icon aria-hidden="true" className="size-4" />
            </span>
            <div className="grid gap-0.5">
              <p className="text-sm font-medium">{title}</p>
              <p className="text-sm text-muted-foreground">{description}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
