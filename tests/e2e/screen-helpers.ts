import path from "node:path";
import { expect, test, type Locator, type Page, type Route } from "@playwright/test";

// Helpers for the screen journeys (screens.spec.ts): the two widths, screenshots, the horizontal
// overflow check, and requests held back (loading states) or failed (error states) with page.route.

export const DEVICES = [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
] as const;
export type DeviceName = (typeof DEVICES)[number]["name"];

/** The message a failed request answers with; error states must show it. */
export const OUTAGE_MESSAGE = "The service is briefly unavailable. Please try again in a minute.";

/** Radix renders a toast's text twice (once for screen readers): match the first. */
export function toastText(page: Page, text: string): Locator {
  return page.getByText(text, { exact: true }).first();
}

/** A button of the notification on screen ("Close", "Undo"). */
export function toastButton(page: Page, name: string): Locator {
  return page.getByRole("region", { name: /^Notifications/ }).getByRole("button", { name, exact: true });
}

/**
 * Shows the page in `colorScheme` once the page has followed it: its theme script has set or removed
 * html's "dark" class and the colours' transitions have ended. An audit in between reads colours
 * half-way through a transition, a contrast no one sees.
 */
export async function showColorScheme(page: Page, colorScheme: "light" | "dark"): Promise<void> {
  await page.emulateMedia({ colorScheme });
  const html = page.locator("html");
  if (colorScheme === "dark") await expect(html).toHaveClass(/\bdark\b/);
  else await expect(html).not.toHaveClass(/\bdark\b/);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Nothing on the page is wider than the window (a phone would scroll sideways). */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, "the page is wider than the window").toBeLessThanOrEqual(innerWidth);
}

/**
 * Saves test-results/e2e/screens/<screen>-<state>-<device>.png (the whole page), after checking
 * that nothing overflows sideways in that state.
 */
export async function snap(page: Page, device: DeviceName, screen: string, state: string): Promise<void> {
  await expectNoHorizontalOverflow(page);
  // From the top: a full-page shot of a scrolled page shows the sticky header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  const file = path.join(test.info().project.outputDir, "screens", `${screen}-${state}-${device}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
}

type Method = "GET" | "POST" | "PUT" | "DELETE";

/** Whether a routed request is the one meant (page.route matches URLs only, not methods). */
function matches(route: Route, method: Method): boolean {
  return route.request().method() === method && route.request().resourceType() !== "document";
}

/**
 * Holds matching requests until `release()`; then `then` decides: "continue" lets them through,
 * "fail" answers 503 with OUTAGE_MESSAGE.
 */
export async function holdRequests(
  page: Page,
  url: string | RegExp,
  method: Method,
  then: "continue" | "fail" = "continue",
): Promise<{ release: () => void }> {
  const waiting: (() => void)[] = [];
  let released = false;
  await page.route(url, async (route) => {
    if (!matches(route, method)) return route.fallback();
    if (!released) await new Promise<void>((resolve) => waiting.push(resolve));
    if (then === "fail") return fulfillOutage(route);
    return route.fallback();
  });
  return {
    release: () => {
      released = true;
      for (const resume of waiting.splice(0)) resume();
    },
  };
}

function fulfillOutage(route: Route): Promise<void> {
  return route.fulfill({
    status: 503,
    contentType: "application/json",
    body: JSON.stringify({ message: OUTAGE_MESSAGE }),
  });
}

/** Answers matching requests with 503 and OUTAGE_MESSAGE until `page.unroute(url)`. */
export async function failRequests(page: Page, url: string | RegExp, method: Method): Promise<void> {
  await page.route(url, (route) => (matches(route, method) ? fulfillOutage(route) : route.fallback()));
}
