"use client";

import { LogOut, Menu, Settings, X } from "lucide-react";
import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
import { APP_NAV_LINKS, LOGOUT_HREF } from "@/components/layout/nav-links";
import { ThemeRadioGroup } from "@/components/theme/theme-radio-group";
import { useAccountName } from "@/lib/client/account-name";

const itemClass =
  "flex items-center gap-2 rounded-md px-3 py-2.5 text-base font-medium outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4";

/**
 * The header's links on small screens: a disclosure button that shows them below the header.
 * `accountName` is null for a signed-out visitor; the button's classes come from the server.
 */
export function MobileMenu({
  accountName: rendered,
  className,
  buttonClassName,
}: {
  accountName: string | null;
  className?: string;
  buttonClassName: string;
}) {
  const accountName = useAccountName(rendered);
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  // Escape, or a click outside the menu, closes it; Escape hands focus back to the button.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target;
      if (!(target instanceof Node)) return;
      if (panelRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      setOpen(false);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open]);

  const close = () => setOpen(false);

  return (
    <div className={className}>
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        <span className="sr-only">{open ? "Close menu" : "Open menu"}</span>
      </button>
      <div
        ref={panelRef}
        id={panelId}
        hidden={!open}
        className="absolute inset-x-0 top-full border-b bg-background px-4 pb-4 shadow-md"
      >
        {accountName ? (
          <>
            <nav aria-label="Main" className="flex flex-col gap-1 pt-2">
              {APP_NAV_LINKS.map((link) => (
                <Link key={link.href} href={link.href} className={itemClass} onClick={close}>
                  {link.label}
                </Link>
              ))}
            </nav>
            <div className="mt-2 border-t pt-2">
              <p className="truncate px-3 py-1 text-sm text-muted-foreground">{`Signed in as ${accountName}`}</p>
              <nav aria-label="Account" className="flex flex-col gap-1">
                <Link href="/settings" className={itemClass} onClick={close}>
                  <Settings aria-hidden="true" />
                  Settings
                </Link>
                <a href={LOGOUT_HREF} className={itemClass}>
                  <LogOut aria-hidden="true" />
                  Sign out
                </a>
              </nav>
              <ThemeRadioGroup className="mt-1 border-t pt-3" />
            </div>
          </>
        ) : (
          <nav aria-label="Main" className="flex flex-col gap-1 pt-2">
            {/* Log in sits beside the menu button (components/layout/site-header.tsx). */}
            <Link href="/pricing" className={itemClass} onClick={close}>
              Pricing
            </Link>
          </nav>
        )}
      </div>
    </div>
  );
}
