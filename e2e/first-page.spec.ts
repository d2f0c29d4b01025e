/**
 * The worker round trip, seen by a person: the page boots the engine in its module worker, loads
 * public/examples/ into it and shows the documents the worker sent back.
 */
import { expect, test } from '@playwright/test';

test('shows a document of the example collection held by the engine worker', async ({ page }, testInfo) => {
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  await page.goto('/');

  await expect(page.getByTestId('engine-status')).toHaveAttribute('data-state', 'ready');
  await page.getByTestId('collection-tab.inventory').click();
  const pane = page.getByTestId('collection-pane');
  await expect(pane.getByTestId('document')).toHaveCount(6);
  await expect(pane.getByTestId('document').first()).toContainText('item: "journal"');

  expect(workers.some((url) => url.includes('engine'))).toBe(true);
  expect(pageErrors).toEqual([]);

  await page.screenshot({ path: testInfo.outputPath('first-page.png'), fullPage: true });
  if (process.env['UPDATE_SCREENSHOT']) {
    await page.getByTestId('collection-tab.students').click();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('run-button').click();
    await expect(page.getByTestId('result-kind')).toContainText('committed');
    await page.waitForTimeout(600);
    await page.screenshot({ path: 'docs/screenshot.png', animations: 'disabled' });
  }
});

test('switches to another example collection', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('engine-status')).toHaveAttribute('data-state', 'ready');
  await page.getByTestId('collection-tab.cafe').click();
  const documents = page.getByTestId('collection-pane').getByTestId('document');
  await expect(documents).toHaveCount(3);
  await expect(documents.nth(1)).toContainText('category: "cafe"');
});
