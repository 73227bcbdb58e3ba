// Renders www/icons/icon.svg to the PNG icons the web app manifest lists,
// with the system Chromium (no network): node .ci/icons.mjs
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { chromium } from "../tests/e2e/node_modules/playwright-core/index.mjs";

const icons = fileURLToPath(new URL("../www/icons/", import.meta.url));
const svg = await readFile(`${icons}icon.svg`, "utf8");
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});
try {
  for (const size of [192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<body style="margin:0">${svg.replace("<svg ", `<svg width="${size}" height="${size}" `)}</body>`);
    await page.screenshot({ path: `${icons}icon-${size}.png`, omitBackground: false });
    await page.close();
  }
} finally {
  await browser.close();
}
