// `npm run email`: renders every template in emails/ with its PreviewProps to HTML and plain text in
// .data/email-previews/, plus an index.html, and prints their paths. Stands in for the react-email
// preview server, whose CLI needs a separately installed UI package of exactly its own version.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { render, toPlainText } from "@react-email/render";
import { createElement, type FunctionComponent } from "react";
import { escapeHtml } from "@/lib/mail/html-escape";

type PreviewableTemplate = FunctionComponent<Record<string, unknown>> & { PreviewProps: Record<string, unknown> };

function isPreviewable(value: unknown): value is PreviewableTemplate {
  return (
    typeof value === "function" &&
    "PreviewProps" in value &&
    typeof value.PreviewProps === "object" &&
    value.PreviewProps !== null
  );
}

const root = path.resolve(import.meta.dirname, "..");
const emailsDir = path.join(root, "emails");
const outDir = path.join(root, ".data", "email-previews");

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const rendered: { name: string; html: string; text: string }[] = [];
const skipped: string[] = [];
for (const file of readdirSync(emailsDir)
  .filter((name) => name.endsWith(".tsx"))
  .sort()) {
  const name = path.basename(file, ".tsx");
  const loaded: { default?: unknown } = await import(pathToFileURL(path.join(emailsDir, file)).href);
  if (!isPreviewable(loaded.default)) {
    skipped.push(file);
    continue;
  }
  const html = await render(createElement(loaded.default, loaded.default.PreviewProps));
  const htmlPath = path.join(outDir, `${name}.html`);
  const textPath = path.join(outDir, `${name}.txt`);
  writeFileSync(htmlPath, html);
  writeFileSync(textPath, toPlainText(html));
  rendered.push({ name, html: htmlPath, text: textPath });
}

const items = rendered
  .map(({ name }) => {
    const safe = escapeHtml(name);
    return `<li><a href="${safe}.html">${safe}</a> (<a href="${safe}.txt">plain text</a>)</li>`;
  })
  .join("\n");
const indexPath = path.join(outDir, "index.html");
writeFileSync(
  indexPath,
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><title>LinkStash email previews</title></head><body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem"><h1>Email previews</h1><ul>\n${items}\n</ul></body></html>\n`,
);

for (const entry of rendered)
  console.log(`${entry.name}: ${entry.html}\n${" ".repeat(entry.name.length + 2)}${entry.text}`);
for (const file of skipped) console.warn(`skipped emails/${file}: its default export has no PreviewProps`);
console.log(`index: ${indexPath}`);
