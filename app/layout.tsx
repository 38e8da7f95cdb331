import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { ServiceWorkerRegistration } from "@/components/layout/service-worker-registration";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { ThemeScript } from "@/components/theme/theme-script";
import { LazyToaster } from "@/components/ui/lazy-toaster";
import { offlineReaderOwner } from "@/lib/articles/offline-owner";
import { getCurrentUser } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { SITE_NAME, SITE_TAGLINE } from "@/lib/site";
import { accountName } from "@/lib/users/account-name";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: `${SITE_NAME}: ${SITE_TAGLINE}`, template: `%s · ${SITE_NAME}` },
  description: SITE_TAGLINE,
  icons: { icon: "/icons/icon-192.png", apple: "/icons/apple-touch-icon.png" },
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#1a1d29" },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const user = await getCurrentUser();
  return (
    // The theme script adds the `dark` class before React hydrates.
    <html lang="en" suppressHydrationWarning>
      <head>
        <ThemeScript />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
        >
          Skip to content
        </a>
        {/* Server-rendered; the query cache and the tooltips are provided by the pages that use them. */}
        <SiteHeader accountName={user ? accountName(user) : null} />
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          {children}
        </main>
        <SiteFooter />
        <LazyToaster />
        <ServiceWorkerRegistration
          enabled={env.nodeEnv === "production"}
          readerOwner={user ? offlineReaderOwner(user.id) : null}
        />
      </body>
    </html>
  );
}
