import { Bookmark } from "lucide-react";
import Link from "next/link";
import { AccountMenu } from "@/components/layout/account-menu";
import { MobileMenu } from "@/components/layout/mobile-menu";
import { APP_NAV_LINKS, LOGIN_HREF } from "@/components/layout/nav-links";
import { Button, buttonVariants } from "@/components/ui/button";
import { SITE_NAME } from "@/lib/site";

const navLinkClass =
  "rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring";

/** `accountName` is the signed-in user's name or address, null for a visitor. */
export function SiteHeader({ accountName }: { accountName: string | null }) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="relative mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          href="/"
          className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Bookmark aria-hidden="true" className="size-5 text-primary" />
          {SITE_NAME}
        </Link>

        {accountName ? (
          <div className="hidden items-center gap-2 md:flex">
            <nav aria-label="Main" className="flex items-center gap-1">
              {/* Full prefetch: a signed-in page's data is on its way before the click (docs/performance.md,
                  "Navigation"). The lists there come from the API, refreshed by the save that changes them;
                  History's first page, read with the page, is asked for again once shown (decision 0289). */}
              {APP_NAV_LINKS.map((link) => (
                <Link key={link.href} href={link.href} prefetch className={navLinkClass}>
                  {link.label}
                </Link>
              ))}
            </nav>
            <AccountMenu
              accountName={accountName}
              buttonClassName={buttonVariants({ variant: "ghost", size: "sm", className: "max-w-56" })}
            />
          </div>
        ) : (
          <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
            <Link href="/pricing" className={navLinkClass}>
              Pricing
            </Link>
            <Button asChild size="sm">
              <a href={LOGIN_HREF}>Log in</a>
            </Button>
          </nav>
        )}
        <div className="flex items-center gap-2 md:hidden">
          {/* A visitor on a phone finds Log in without opening the menu. */}
          {accountName ? null : (
            <Button asChild size="sm">
              <a href={LOGIN_HREF}>Log in</a>
            </Button>
          )}
          <MobileMenu accountName={accountName} buttonClassName={buttonVariants({ variant: "ghost", size: "icon" })} />
        </div>
      </div>
    </header>
  );
}
