import { createServer, type Server } from "node:http";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { articlePagesPort } from "../../playwright.config";
import { expectNoHorizontalOverflow } from "./screen-helpers";
import { latestEmail, signUpAndOnboard } from "./support";

// Send to Kindle at phone width: the Kindle address given in Settings by keyboard, then a book of a
// locally served article sent from the reader, which arrives in the local mailbox as an attachment.

const origin = `http://127.0.0.1:${articlePagesPort}`;
const ARTICLE = `<!doctype html><html lang="en"><head><title>The Night Ferry</title>
  <meta name="author" content="Ida Marsh"></head><body><article><h1>The Night Ferry</h1>
  ${Array.from({ length: 20 }, (_, i) => `<p>The ferry crossed the dark water while the passengers slept. Part ${i + 1}.</p>`).join("\n")}
  </article></body></html>`;

let server: Server;

test.beforeAll(async () => {
  server = createServer((_req, res) => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(ARTICLE));
  await new Promise<void>((resolve) => server.listen(articlePagesPort, "127.0.0.1", resolve));
});

test.afterAll(() => {
  server.closeAllConnections();
  server.close();
});

test.use({ viewport: { width: 375, height: 812 } });

test("the Kindle address is set by keyboard, and Send to Kindle mails the reader's article as an EPUB", async ({
  page,
}) => {
  test.slow();
  const email = await signUpAndOnboard(page);
  const kindle = `${email.split("@")[0]}@kindle.com`;

  await page.goto("/settings");
  const field = page.getByLabel("Your Send to Kindle address");
  await expect(field).toBeVisible();
  await expect(page.getByText(/Amazon only delivers mail from senders you approve/)).toBeVisible();
  // By keyboard: Tab to the field, type, Enter submits.
  for (
    let presses = 0;
    presses < 80 && !(await field.evaluate((node) => node === document.activeElement));
    presses += 1
  )
    await page.keyboard.press("Tab");
  await expect(field).toBeFocused();
  await page.keyboard.type("me@example.com");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Enter your Send to Kindle address: it ends in @kindle.com")).toBeVisible();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(kindle);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: `Books will go to ${kindle}.` })).toBeVisible();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("checkbox", { name: "Send each digest's links to my Kindle" })).toBeFocused();
  await page.keyboard.press("Space");
  await expect(page.getByRole("status").filter({ hasText: "with each digest too" })).toBeVisible();

  await expectNoHorizontalOverflow(page);
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);
  // The card's heading below the sticky header.
  await page
    .getByRole("heading", { name: "Send to Kindle" })
    .evaluate((heading) => window.scrollTo(0, heading.getBoundingClientRect().top + window.scrollY - 96));
  await page.screenshot({
    path: path.join(test.info().project.outputDir, "screens", "settings-kindle-phone.png"),
    animations: "disabled",
  });

  await page.goto("/dashboard");
  await page.getByLabel("URL").fill(`${origin}/night-ferry`);
  await page.getByRole("button", { name: "Save link" }).click();
  const item = page.getByRole("list", { name: "Today's links" }).getByRole("listitem").first();
  await item.getByRole("link", { name: /^Read / }).click();
  await expect(page.getByRole("heading", { level: 1, name: "The Night Ferry" })).toBeVisible({ timeout: 30_000 });
  const actions = page.getByRole("region", { name: "Read it on an e-reader" });
  await expect(actions.getByRole("link", { name: "Download EPUB" })).toHaveAttribute(
    "href",
    /^\/api\/export\?format=epub&link=/,
  );
  await actions.getByRole("button", { name: "Send to Kindle" }).click();
  await expect(actions.getByRole("status")).toHaveText(
    `Sent to ${kindle}. It arrives on your Kindle in a few minutes.`,
    {
      timeout: 30_000,
    },
  );
  await expectNoHorizontalOverflow(page);
  await page.screenshot({
    path: path.join(test.info().project.outputDir, "screens", "reader-send-to-kindle-phone.png"),
    animations: "disabled",
  });

  const mail = await latestEmail(page, kindle, /^The Night Ferry$/);
  const [book] = mail.attachments;
  expect(book).toMatchObject({ contentType: "application/epub+zip", filename: expect.stringMatching(/\.epub$/) });
  const download = await page.request.get(`/dev/mailbox/${mail.id}/attachments/${book?.id}`);
  expect(download.status()).toBe(200);
  const bytes = await download.body();
  expect(bytes.length).toBe(book?.size);
  expect(bytes.subarray(30, 38).toString()).toBe("mimetype");
});
