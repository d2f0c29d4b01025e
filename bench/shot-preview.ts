/**
 * Screenshots of a 10,000-document live preview (the production build on BENCH_PORT), at the
 * given viewports, into /tmp/preview-<w>x<h>.png.
 *
 *   npm run build && BENCH_PORT=4313 npx tsx bench/shot-preview.ts
 */
import { join } from 'node:path';
import { launchChromium } from './browser.js';
import {
  COLLECTION,
  importDocuments,
  READY_EXPRESSION,
  setCommand,
  STEP_TIMEOUT,
  waitPreviewShown,
} from './page-session.js';
import { BASE, startPreview } from './page-server.js';

const root = join(import.meta.dirname, '..');
const server = await startPreview(root, join(root, 'dist'));
const browser = await launchChromium();
try {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    await page.goto(BASE);
    await page.waitForFunction(READY_EXPRESSION, undefined, { polling: 'raf', timeout: STEP_TIMEOUT });
    await importDocuments(page, 10_000);
    await setCommand(page, `db.${COLLECTION}.updateMany({}, {$set: {x: 12}})`);
    await waitPreviewShown(page, 'screenshot');
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/preview-${width}x${height}.png` });
    await context.close();
  }
} finally {
  await browser.close();
  server.kill();
}
