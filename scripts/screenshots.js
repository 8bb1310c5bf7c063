import { chromium } from "playwright-core";
// Screenshots of pages at phone and desktop width, for people to look at:
//   node scripts/screenshots.js http://localhost:3000 / /services /terms
const [base, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu","--disable-background-networking","--disable-component-update","--disable-sync","--no-first-run"] });
for (const w of [375, 1280]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: 900 }, locale: "de-DE" });
  const page = await ctx.newPage();
  page.on("console", (m) => m.type() === "error" && console.log("console error", w, m.text()));
  for (const p of paths) {
    await page.goto(base + p, { waitUntil: "networkidle" });
    const name = (p === "/" ? "home" : p.replace(/\W+/g, "_")) + "-" + w;
    await page.screenshot({ path: `${process.env.SHOTS_DIR ?? "/tmp/shots"}/${name}.png`, fullPage: process.env.FULL === "1" });
  }
  await ctx.close();
}
await browser.close();
