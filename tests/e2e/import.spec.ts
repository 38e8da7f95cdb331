import path from "node:path";
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { signUpAndOnboard } from "./support";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/import");

test("import: a Pocket export shows progress and a summary, then its links are in History; export downloads them", async ({
  page,
}) => {
  await signUpAndOnboard(page);
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Import and export", level: 2 })).toBeVisible();

  const importButton = page.getByRole("button", { name: "Import", exact: true });
  await expect(importButton).toBeDisabled();
  await page.getByLabel("File to import").setInputFiles(path.join(FIXTURES, "pocket-export.zip"));
  await importButton.click();

  const progress = page.getByRole("progressbar", { name: "Import progress" });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute("aria-valuenow", "100");
  const status = page.getByRole("status").filter({ hasText: "Imported" });
  await expect(status).toContainText(
    "Imported 7 links, skipped 1 duplicate, 1 row could not be read: line 7: Please enter a valid website address: not a url at all.",
  );

  await status.getByRole("link", { name: "See them in History" }).click();
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByRole("link", { name: /^Designing Data-Intensive Applications, Chapter 5/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Café crème — a history ☕/ })).toBeVisible();

  await page.goto("/settings");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^linkstash-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), "utf8");
  expect(csv.split("\r\n")[0]).toBe("url,title,notes,categories,created_at,read_at,archived_at,remind_on,favorited_at");
  expect(csv).toContain("https://dataintensive.test/chapter-5");
});

test("import: a larger file moves the progress bar through values between 0 and 100", async ({ page }) => {
  await signUpAndOnboard(page);
  await page.goto("/settings");
  const rows = Array.from(
    { length: 6000 },
    (_, i) => `"Title, ${i}",https://example.test/bulk/${i},${1500000000 + i},,news|work,unread`,
  );
  const csv = Buffer.from(["title,url,time_added,cursor,tags,status", ...rows].join("\r\n"));
  await page.getByLabel("File to import").setInputFiles({ name: "part_000000.csv", mimeType: "text/csv", buffer: csv });
  // Every value the bar takes, recorded in the page as React sets it.
  await page.evaluate(() => {
    const seen: string[] = [];
    Reflect.set(window, "progressValues", seen);
    new MutationObserver(() => {
      const value = document.querySelector('[role="progressbar"]')?.getAttribute("aria-valuenow");
      if (value && seen.at(-1) !== value) seen.push(value);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-valuenow"] });
  });
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Imported 6,000 links." })).toBeVisible({ timeout: 60_000 });
  const values: string[] = await page.evaluate(() => Reflect.get(window, "progressValues"));
  expect(values.at(-1)).toBe("100");
  expect(values.some((value) => Number(value) > 0 && Number(value) < 100)).toBe(true);
});

test("import: a file that is no export is refused with a clear message", async ({ page }) => {
  await signUpAndOnboard(page);
  await page.goto("/settings");
  await page.getByLabel("File to import").setInputFiles({
    name: "people.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("name,email\nAda,ada@example.com\n"),
  });
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "not an export we can read" })).toBeVisible();
  await expect(page.getByRole("progressbar")).toHaveCount(0);
});

test("import: a feed reader's OPML list subscribes to its feeds and says so; Download OPML gives them back", async ({
  page,
}) => {
  await signUpAndOnboard(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/settings");
  await page
    .getByLabel("File to import")
    .setInputFiles(path.resolve(import.meta.dirname, "../fixtures/opml/feeder/Flym_auto_backup.opml"));
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const status = page.getByRole("status").filter({ hasText: "feeds subscribed" });
  await expect(status).toHaveText(
    "11 feeds subscribed; their newest posts come into your stash at each feed's next check, usually within the hour.",
  );
  await expect(status.getByRole("link")).toHaveCount(0);

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download OPML", exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^linkstash-feeds-\d{4}-\d{2}-\d{2}\.opml$/);
  const opml = await readFile(await download.path(), "utf8");
  expect(opml).toContain('<outline text="black humor" title="black humor">');
  expect(opml).toContain('xmlUrl="http://www.smbc-comics.com/rss.php"');
});
