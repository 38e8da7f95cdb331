import type { ReactNode } from "react";
import { buttonVariants } from "@/components/ui/button";
import { CardAction, CardActionButton, CardActionError } from "@/components/ui/card-action";
import { MessageCard, type MessageCardProps } from "@/components/ui/message-card";

/** A card's texts; what it shows below its description is `children`. */
type CardTexts = Omit<MessageCardProps, "tone" | "children"> & { children?: ReactNode };

/**
 * The page an emailed link opens to change something (unsubscribe, confirm an address): opening
 * it changes nothing, since mail scanners fetch links; the button's POST does. It asks, then says
 * what was done. The sign-in and sign-out confirmations and a digest's one-click links post a plain
 * form instead: they need no script, and this island would be first-load code on their pages.
 */
export function ConfirmByPost({
  url,
  body,
  ask,
  button,
  failed = "Something went wrong. Please try again.",
  done,
  alreadyDone = false,
}: {
  /** Where the button POSTs, with `body` as JSON. */
  url: string;
  body?: Record<string, string>;
  /** The card until the POST succeeds. */
  ask: CardTexts;
  button: { label: string; busyLabel: string };
  /** Said when the POST fails and the server gave no message. */
  failed?: string;
  /** The card once it succeeded; its description is announced. */
  done: Omit<CardTexts, "descriptionRole">;
  /** Done before this page opened: only the `done` card shows. */
  alreadyDone?: boolean;
}) {
  const { children: doneChildren, ...doneCard } = done;
  const doneMessage = (
    <MessageCard tone="success" descriptionRole="status" {...doneCard}>
      {doneChildren}
    </MessageCard>
  );
  if (alreadyDone) return doneMessage;

  const { children: askChildren, ...askCard } = ask;
  return (
    <CardAction
      url={url}
      body={body}
      after={doneMessage}
      before={
        <MessageCard tone="question" {...askCard}>
          {askChildren}
          <CardActionError fallback={failed} />
          <CardActionButton
            className={buttonVariants({ size: "lg" })}
            label={button.label}
            busyLabel={button.busyLabel}
          />
        </MessageCard>
      }
    />
  );
}
