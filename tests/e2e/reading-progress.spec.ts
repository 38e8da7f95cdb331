import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { expectNoHorizontalOverflow } from "./screen-helpers";
import { signUpAndOnboard } from "./support";

// Reading progress on the dashboard and History: the empty sentence for a new user, then the
// figures (the sentence, the drawing and the table for screen readers), refreshed when a link is
// marked read; and the phone screenshots, light and dark, of the dashboard with its chart.

const SUMMARY_NAME = "Links saved and read per week, the last 12 weeks";

async function saveLink(page: Page, url: string): Promise<void> {
  const res = await page.request.post("/api/links", { data: { url }, headers: { Origin: new URL(page.url()).origin } });
  expect(res.status(), await res.text()).toBe(201);
}

const progressOf = (page: Page) => page.getByRole("region", { name: "Reading progress" });

test("reading progress: a sentence for a new user, then the week's figures, updated when a link is marked read", async ({
  page,
}) => {
  await signUpAndOnboard(page);
  await page.goto("/dashboard");
  const progress = progressOf(page);
  await expect(progress.getByText("No links saved or read in the last 12 weeks yet.")).toBeVisible();
  await expect(progress.getByRole("img")).toHaveCount(0);

  await saveLink(page, "https://example.test/reading-one");
  await saveLink(page, "https://example.test/reading-two");
  await page.reload();
  await expect(progress.getByText("Last 12 weeks: 2 saved, 0 read. This week: 2 saved, 0 read.")).toBeVisible();
  await expect(progress.getByRole("img", { name: SUMMARY_NAME })).toBeVisible();
  const table = progress.getByRole("table", { name: "Links saved and read per week" });
  // A header row and the 12 weeks; the current week last.
  await expect(table.getByRole("row")).toHaveCount(13);
  await expect(table.getByRole("row").last().getByRole("cell")).toHaveText(["2", "0"]);

  await page.getByRole("list", { name: "Today's links" }).getByRole("button", { name: "Mark as read" }).first().click();
  await expect(progress.getByText("Last 12 weeks: 2 saved, 1 read. This week: 2 saved, 1 read.")).toBeVisible();
  await expect(table.getByRole("row").last().getByRole("cell")).toHaveText(["2", "1"]);

  await page.goto("/history");
  const history = progressOf(page);
  await expect(history.getByText("Last 12 weeks: 2 saved, 1 read. This week: 2 saved, 1 read.")).toBeVisible();
  await expect(history.getByRole("img", { name: SUMMARY_NAME })).toBeVisible();
  await page.getByRole("button", { name: "Mark as read" }).first().click();
  await expect(history.getByText("Last 12 weeks: 2 saved, 2 read. This week: 2 saved, 2 read.")).toBeVisible();
});

/** A Pocket CSV export: links saved over the last 11 weeks, some of them archived (read). */
function pocketCsv(now: number): string {
  const perWeek = [3, 5, 2, 6, 4, 7, 3, 5, 8, 4, 6];
  const rows = ["title,url,time_added,cursor,tags,status"];
  perWeek.forEach((count, i) => {
    const weeksAgo = perWeek.length - i;
    for (let n = 0; n < count; n++) {
      // A few minutes before the same moment weeks ago: never in this week, whatever the day of the run.
      const added = Math.floor(now / 1000) - weeksAgo * 7 * 86_400 - n * 60;
      const status = n % 3 === 0 ? "unread" : "archive";
      rows.push(`Week ${weeksAgo} link ${n},https://example.test/w${weeksAgo}-${n},${added},c${i}-${n},,${status}`);
    }
  });
  return `${rows.join("\n")}\n`;
}

test("reading progress: the dashboard at 375 px, light and dark", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signUpAndOnboard(page);
  const origin = new URL(page.url()).origin;
  const imported = await page.request.post("/api/import?filename=links.csv", {
    data: pocketCsv(Date.now()),
    headers: { Origin: origin, "Content-Type": "text/csv" },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  for (const n of [1, 2, 3]) await saveLink(page, `https://example.test/this-week-${n}`);

  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto("/dashboard");
    const progress = progressOf(page);
    await expect(progress.getByRole("img", { name: SUMMARY_NAME })).toBeVisible();
    await expect(
      progress.getByText(/^Last 12 weeks: 56 saved, \d+ read\. This week: 3 saved, 0 read\.$/),
    ).toBeVisible();
    await expectNoHorizontalOverflow(page);
    // The end of the page, where a phone shows the chart, with what comes before it above.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const file = path.join(test.info().project.outputDir, "screens", `reading-progress-dashboard-${scheme}-phone.png`);
    await page.screenshot({ path: file, animations: "disabled" });
  }
});
