import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { articlePagesPort } from "../../playwright.config";
import { signUpAndOnboard } from "./support";

// A saved PDF read in the reader on a phone (decision 0415): the paper's text by page, no sideways
// scroll, and the PDF itself one tap away.

const origin = `http://127.0.0.1:${articlePagesPort}`;
const PAPER = readFileSync(path.resolve("tests/fixtures/pdf/tracemonkey.pdf"));

let server: Server;

test.beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/pdf", "content-length": PAPER.length }).end(PAPER);
  });
  await new Promise<void>((resolve) => server.listen(articlePagesPort, "127.0.0.1", resolve));
});

test.afterAll(() => {
  server.closeAllConnections();
  server.close();
});

test.use({ viewport: { width: 390, height: 844 } });

test("a saved PDF reads as its text at 390 px, with Open the PDF", async ({ page }) => {
  // Sign-up and the PDF's reading in an extractor child: more than the default minute on a busy machine.
  test.slow();
  await signUpAndOnboard(page);
  await page.getByLabel("URL").fill(`${origin}/tracemonkey.pdf`);
  await page.getByRole("button", { name: "Save link" }).click();
  await expect(page.getByText("Link saved successfully!", { exact: true }).first()).toBeVisible();
  const item = page.getByRole("list", { name: "Today's links" }).getByRole("listitem").first();
  await item.getByRole("link", { name: /^Read / }).click();
  await expect(page).toHaveURL(/\/read\/[\w-]+$/);

  const title = "Trace-based Just-in-Time Type Specialization for Dynamic Languages";
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("heading", { level: 2, name: "Page 14" })).toBeAttached();
  await expect(page.getByText(/Dynamic languages such as JavaScript are more difficult to compile/)).toBeVisible();
  const open = page.getByRole("link", { name: "Open the PDF" });
  await expect(open).toBeVisible();
  await expect(open).toHaveAttribute("href", `${origin}/tracemonkey.pdf`);

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
