import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** One of Settings' cards: the page's jump list and the card both come from this description. */
export type SettingsSectionSpec = {
  /** The card's anchor (`/settings#import`), also the jump list's target. */
  id: string;
  title: string;
  description?: ReactNode;
  content: ReactNode;
};

/**
 * Settings is several phone screens long: a list of its cards at the top lets a reader jump to one
 * (plain links to the cards' anchors, so it costs no script and works before hydration).
 */
export function SettingsJumpList({ sections }: { sections: readonly SettingsSectionSpec[] }) {
  return (
    <nav aria-label="Settings sections">
      <ul className="flex flex-wrap gap-2">
        {sections.map((section) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              className="inline-flex min-h-9 items-center rounded-full border px-3 text-sm font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {section.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A settings card, with room above its title for the sticky header when jumped to. */
export function SettingsSection({ section }: { section: SettingsSectionSpec }) {
  return (
    <Card id={section.id} className="scroll-mt-20">
      <CardHeader>
        <CardTitle as="h2">{section.title}</CardTitle>
        {section.description ? <CardDescription>{section.description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{section.content}</CardContent>
    </Card>
  );
}
