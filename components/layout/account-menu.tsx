"use client";

import { ChevronDown, LogOut, Settings, UserRound } from "lucide-react";
import Link from "next/link";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { LOGOUT_HREF } from "@/components/layout/nav-links";
import { THEME_OPTIONS } from "@/components/theme/theme-options";
import { useThemeChoice } from "@/components/theme/use-theme-choice";
import { useAccountName } from "@/lib/client/account-name";

const itemClass =
  "relative flex w-full cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm outline-none select-none hover:bg-accent hover:text-accent-foreground focus:bg-accent focus:text-accent-foreground [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0";
const separator = <div role="separator" aria-orientation="horizontal" className="-mx-1 my-1 h-px bg-border" />;

/**
 * The signed-in header's menu (a WAI-ARIA menu button): Settings, the theme choice and Sign out.
 * Written out rather than built on a menu library, which would load on every page for three items;
 * the button's classes come from the server (`buttonVariants`), so no class merging loads either.
 */
export function AccountMenu({
  accountName: rendered,
  buttonClassName,
}: {
  accountName: string;
  buttonClassName: string;
}) {
  const accountName = useAccountName(rendered);
  const [theme, setTheme] = useThemeChoice();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  // Which item takes focus when the menu opens: the first, or the last (opened with ArrowUp).
  const focusOnOpen = useRef<"first" | "last">("first");
  const menuId = useId();
  const themeLabelId = useId();

  const items = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];

  useEffect(() => {
    if (!open) return;
    const list = items();
    (focusOnOpen.current === "first" ? list[0] : list.at(-1))?.focus();
    // A press outside the menu closes it.
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target;
      if (!(target instanceof Node)) return;
      if (menuRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    focusOnOpen.current = event.key === "ArrowDown" ? "first" : "last";
    setOpen(true);
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.findIndex((item) => item === document.activeElement);
    const moveTo = (next: number) => {
      event.preventDefault();
      list[(next + list.length) % list.length]?.focus();
    };
    if (event.key === "ArrowDown") moveTo(index + 1);
    else if (event.key === "ArrowUp") moveTo(index - 1);
    else if (event.key === "Home") moveTo(0);
    else if (event.key === "End") moveTo(list.length - 1);
    else if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    } else if (event.key === "Tab") close(false);
  };

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName}
        aria-label={`Account menu for ${accountName}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => {
          focusOnOpen.current = "first";
          setOpen((value) => !value);
        }}
        onKeyDown={onButtonKeyDown}
      >
        <UserRound aria-hidden="true" />
        <span className="truncate">{accountName}</span>
        <ChevronDown aria-hidden="true" />
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={`Account menu for ${accountName}`}
          aria-orientation="vertical"
          onKeyDown={onMenuKeyDown}
          className="absolute top-full right-0 z-50 mt-1 w-56 rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
        >
          <div className="px-2 py-1.5 text-sm font-normal">
            <span className="block text-xs text-muted-foreground">Signed in as</span>
            <span className="block truncate font-medium">{accountName}</span>
          </div>
          {separator}
          {/* Prefetched in full as the menu opens, like the header's links. */}
          <Link
            href="/settings"
            prefetch
            role="menuitem"
            tabIndex={-1}
            className={itemClass}
            onClick={() => close(false)}
          >
            <Settings aria-hidden="true" />
            Settings
          </Link>
          {separator}
          <div id={themeLabelId} className="px-2 py-1.5 text-xs font-normal text-muted-foreground">
            Theme
          </div>
          <div role="group" aria-labelledby={themeLabelId}>
            {THEME_OPTIONS.map(({ value, label, icon: Icon }) => (
              // Choosing keeps the menu open, so the effect shows while the choices are still at hand.
              <button
                key={value}
                type="button"
                role="menuitemradio"
                aria-checked={theme === value}
                tabIndex={-1}
                className={`${itemClass} pl-8`}
                onClick={() => setTheme(value)}
              >
                <span className="absolute left-2 flex size-3.5 items-center justify-center">
                  {theme === value ? <span className="block size-2 rounded-full bg-current" /> : null}
                </span>
                <Icon aria-hidden="true" />
                {label}
              </button>
            ))}
          </div>
          {separator}
          <a href={LOGOUT_HREF} role="menuitem" tabIndex={-1} className={itemClass}>
            <LogOut aria-hidden="true" />
            Sign out
          </a>
        </div>
      ) : null}
    </div>
  );
}
