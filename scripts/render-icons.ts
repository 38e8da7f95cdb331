import { writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

// Renders the app icons (public/icons/*.png) from one SVG with Chromium, once; the PNGs are
// committed. Run: npx tsx --tsconfig tsconfig.scripts.json scripts/render-icons.ts
// "maskable" icons keep the mark inside the central 80 % safe zone on a full-bleed background.

const BACKGROUND = "#3d4fd6";

function iconSvg(size: number, maskable: boolean): string {
  const scale = maskable ? 0.6 : 0.78;
  const mark = size * scale;
  const offset = (size - mark) / 2;
  const radius = maskable ? 0 : size * 0.22;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${radius}" fill="${BACKGROUND}"/>
  <g transform="translate(${offset} ${offset}) scale(${mark / 24})" fill="none" stroke="#ffffff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">
    <path d="M19 21l-7-4-7 4V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2z" fill="#ffffff" fill-opacity="0.15"/>
    <path d="M12 7v6M9 10h6"/>
  </g>
</svg>`;
}

const ICONS = [
  { file: "icon-192.png", size: 192, maskable: false },
  { file: "icon-512.png", size: 512, maskable: false },
  { file: "maskable-192.png", size: 192, maskable: true },
  { file: "maskable-512.png", size: 512, maskable: true },
  { file: "apple-touch-icon.png", size: 180, maskable: true },
];

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
try {
  const page = await browser.newPage();
  for (const icon of ICONS) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(`<body style="margin:0;background:transparent">${iconSvg(icon.size, icon.maskable)}</body>`);
    const png = await page.locator("svg").screenshot({ omitBackground: true });
    writeFileSync(path.join(import.meta.dirname, "..", "public", "icons", icon.file), png);
  }
} finally {
  await browser.close();
}
