"use client";

import { ArrowLeft, Moon, Sun } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useId, useState } from "react";
import { FavoriteButton } from "@/components/links/favorite-button";
import { ReaderReminder } from "@/components/reader/reader-reminder";
import { useShowsDark, useStoredChoice } from "@/components/reader/use-stored-choice";
import { useThemeChoice } from "@/components/theme/use-theme-choice";
import { Button } from "@/components/ui/button";
import type { LinkResponse } from "@/lib/links/response";
import { parseReaderSize, READER_SIZE_STORAGE_KEY, READER_SIZES } from "@/lib/client/reader-size";
import { rememberedListAddress } from "@/lib/client/list-address";

/**
 * The reader's toolbar: back to the list (also Escape), Favorite, Remind me, text size (remembered),
 * light or dark. `timeZone` and `serverNow` say what the reminder's days are.
 */
export function ReaderControls({
  link,
  timeZone,
  serverNow,
}: {
  link: LinkResponse;
  timeZone: string;
  serverNow: number;
}) {
  const router = useRouter();
  const [, setTheme] = useThemeChoice();
  const [stored, setSize] = useStoredChoice(READER_SIZE_STORAGE_KEY);
  const size = parseReaderSize(stored);
  const dark = useShowsDark();
  const sizeLabelId = useId();
  // The page's copy of the link for the star, kept as the server answers each change.
  const [current, setCurrent] = useState(link);

  useEffect(() => {
    document.documentElement.dataset.readerSize = size;
    return () => {
      delete document.documentElement.dataset.readerSize;
    };
  }, [size]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      router.push(rememberedListAddress() ?? (link.readAt ? "/history" : "/dashboard"));
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [router, link.readAt]);

  return (
    <nav aria-label="Reader" className="relative flex flex-wrap items-center justify-between gap-3">
      <Link
        href="/dashboard"
        className="inline-flex items-center gap-1.5 rounded-sm text-sm underline-offset-4 hover:underline"
        aria-keyshortcuts="Escape"
        onClick={(event) => {
          // Back to the list the reader was opened from, with its search and filters.
          const list = rememberedListAddress();
          if (list === null || list === "/dashboard") return;
          event.preventDefault();
          router.push(list);
        }}
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to your links
        <span className="text-muted-foreground">(Esc)</span>
      </Link>
      <div className="flex flex-wrap items-center gap-2">
        <FavoriteButton link={current} withText onUpdated={setCurrent} />
        <ReaderReminder link={link} timeZone={timeZone} serverNow={serverNow} />
        <span id={sizeLabelId} className="text-sm text-muted-foreground">
          Text size
        </span>
        <div role="group" aria-labelledby={sizeLabelId} className="flex gap-1">
          {READER_SIZES.map((option, index) => (
            <Button
              key={option.value}
              type="button"
              variant={size === option.value ? "default" : "outline"}
              size="sm"
              aria-pressed={size === option.value}
              aria-label={option.label}
              title={option.label}
              onClick={() => setSize(option.value)}
              style={{ fontSize: `${0.75 + index * 0.125}rem` }}
            >
              A
            </Button>
          ))}
        </div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-pressed={dark}
          onClick={() => setTheme(dark ? "light" : "dark")}
        >
          {dark ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
          {dark ? "Light" : "Dark"}
        </Button>
      </div>
    </nav>
  );
}
