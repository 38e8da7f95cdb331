import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/** `highlighted` draws the eye (the recommended plan). */
function Card({ className, highlighted = false, ...props }: ComponentProps<"div"> & { highlighted?: boolean }) {
  return (
    <div
      className={cn(
        "rounded-xl bg-card text-card-foreground",
        highlighted ? "border-2 border-primary shadow-md" : "border shadow-sm",
        className,
      )}
      {...props}
    />
  );
}

function CardHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 p-6", className)} {...props} />;
}

const TITLE_SIZES = {
  default: "text-lg leading-tight",
  large: "text-xl",
  /** The title of a page that is one card (sign-in, onboarding, an emailed link's page). */
  page: "text-2xl",
};

/**
 * A card's title; a heading element so the page outline stays navigable. Pick the level with `as`
 * and the size with `size`.
 */
function CardTitle({
  className,
  as: Heading = "h3",
  size = "default",
  ...props
}: ComponentProps<"h3"> & { as?: "h1" | "h2" | "h3" | "h4"; size?: keyof typeof TITLE_SIZES }) {
  return <Heading className={cn("font-semibold tracking-tight", TITLE_SIZES[size], className)} {...props} />;
}

function CardDescription({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("text-sm text-muted-foreground", className)} {...props} />;
}

function CardContent({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("p-6 pt-0", className)} {...props} />;
}

function CardFooter({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex items-center p-6 pt-0", className)} {...props} />;
}

export { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle };
