import { expect, test, type Page } from "@playwright/test";
import { signUpAndOnboard } from "./support";

// A day of 120 links (decision 0182): lists show 50 at a time and load more
// on scroll, every count is the day's true total, and on a phone the schedule card with Send Digest
// Now comes before today's list.

const TOTAL = 120;

/** "November 21, 2026" for the browser's clock and zone, which onboarding gave the user. */
function browserDate(page: Page): Promise<string> {
  return page.evaluate(() =>
    new Date().toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric" }),
  );
}

async function saveLinksThroughTheApi(page: Page, origin: string, count: number): Promise<void> {
  for (let start = 0; start < count; start += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, count - start) }, async (_, offset) => {
        // A reserved name: the title fetcher refuses it without a DNS lookup.
        const res = await page.request.post("/api/links", {
          headers: { Origin: origin },
          data: { url: `https://long-day.example.test/${start + offset}`, notes: "", categories: [] },
        });
        expect(res.status()).toBe(201);
      }),
    );
  }
}

test("a day of 120 links: pages of 50, true totals, and Send Digest Now above the list on a phone", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signUpAndOnboard(page);
  await saveLinksThroughTheApi(page, baseURL ?? "", TOTAL);
  const date = await browserDate(page);

  await test.step("History: the day's header shows 120 while 50 are loaded, then all 120 on scroll", async () => {
    await page.goto("/history");
    const day = page.getByRole("region", { name: `${date} (${TOTAL} links)` });
    await expect(day.getByRole("listitem")).toHaveCount(50);
    await page.getByRole("button", { name: "Load more" }).scrollIntoViewIfNeeded();
    await expect(day.getByRole("listitem")).toHaveCount(100);
    await page.getByRole("button", { name: "Load more" }).scrollIntoViewIfNeeded();
    await expect(day.getByRole("listitem")).toHaveCount(TOTAL);
    await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: `${date} (${TOTAL} links)` })).toBeVisible();
  });

  await test.step("Today's Stash: the count is the day's total, the list the newest 50, more on scroll", async () => {
    await page.goto("/dashboard");
    const list = page.getByRole("list", { name: "Today's links" });
    await expect(list.getByRole("listitem")).toHaveCount(50);
    await expect(page.getByRole("heading", { level: 2, name: /links$/ })).toContainText(`${TOTAL} links`);
    await expect(list.getByRole("listitem").first()).toContainText(`https://long-day.example.test/`);
    await page.getByRole("button", { name: "Load more" }).scrollIntoViewIfNeeded();
    await expect(list.getByRole("listitem")).toHaveCount(100);
    await page.getByRole("button", { name: "Load more" }).scrollIntoViewIfNeeded();
    await expect(list.getByRole("listitem")).toHaveCount(TOTAL);
  });

  await test.step("On a phone, the schedule card and Send Digest Now come before the list", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/dashboard");
    const list = page.getByRole("list", { name: "Today's links" });
    await expect(list.getByRole("listitem")).toHaveCount(50);
    const send = await page.getByRole("button", { name: "Send Digest Now" }).boundingBox();
    const change = await page.getByRole("link", { name: "Change time" }).boundingBox();
    const first = await list.getByRole("listitem").first().boundingBox();
    if (!send || !change || !first) throw new Error("the button, the link and the list are all laid out");
    expect(send.y + send.height).toBeLessThan(first.y);
    expect(change.y + change.height).toBeLessThan(first.y);
    // Within two screens of the top, not after 50 links.
    expect(send.y).toBeLessThan(2 * 844);
  });
});
