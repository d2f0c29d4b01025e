/**
 * Long results reach the page by range: a Run of a script of 100,001 statements sends the page its
 * counts and first page, and the result pane (windowed) asks the worker for the statements as it is
 * scrolled, so every statement is reachable and the counts are right. A preview of an update over
 * 600 documents does the same for the diff cards and the oplog entries. (How long the main thread
 * is busy meanwhile is a figure of `npm run bench`, not a test.)
 */
import { expect, test } from './fixtures.js';
import type { Page } from '@playwright/test';

const STATEMENTS = 100_001;

/** Scrolls a pane's scroll container to `fraction` of its height (0 = top, 1 = bottom). */
async function scrollTo(page: Page, selector: string, fraction: number): Promise<void> {
  await page.locator(selector).evaluate((el, f) => {
    el.scrollTop = (el.scrollHeight - el.clientHeight) * f;
    el.dispatchEvent(new Event('scroll'));
  }, fraction);
}

test('every statement of a 100,001-statement Run is reachable by scrolling the result pane', async ({
  page,
  playground,
}) => {
  test.setTimeout(180_000);
  await playground.open();
  await page.evaluate((n) => {
    const lines = Array.from({ length: n }, (_, i) => `print(${i})`);
    window.__playground?.store.getState().setCommand(lines.join('\n'));
    void window.__playground?.perform('run');
  }, STATEMENTS);
  await expect(page.getByTestId('result-kind')).toContainText('committed', { timeout: 120_000 });
  await expect(page.getByTestId('result-count')).toHaveText('100,001 statements');
  const statements = page.getByTestId('result-statement');
  await expect(statements.first()).toContainText('print(0)');
  // Windowed: a screenful, not the whole list.
  expect(await statements.count()).toBeLessThan(200);
  // To the end, as a user would: scroll down again once the pages near the end have arrived.
  await expect(async () => {
    await scrollTo(page, '.result-body', 1);
    await expect(page.locator('#result-statement-100000')).toContainText('print(100000)', { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.locator('#result-statement-100000 .line-ref')).toHaveText('line 100001');
  await scrollTo(page, '.result-body', 0.5);
  await expect(statements.first()).toBeVisible();
  const middle = Number((await statements.first().getAttribute('id'))?.replace('result-statement-', ''));
  expect(middle).toBeGreaterThan(40_000);
  expect(middle).toBeLessThan(60_000);
  await expect(page.locator(`#result-statement-${middle + 1}`)).toContainText(`print(${middle + 1})`);
});

test('a preview over 600 documents sends its cards and oplog entries by range', async ({ page, playground }) => {
  test.setTimeout(120_000);
  await playground.open();
  const docs = Array.from({ length: 600 }, (_, i) => `{_id: ${i}, n: ${i}}`);
  await page.evaluate(
    (script) => {
      window.__playground?.store.getState().setCommand(script);
      void window.__playground?.perform('run');
    },
    `db.big.insertMany([${docs.join(', ')}])`,
  );
  await expect(page.getByTestId('result-kind')).toContainText('committed');
  await expect(page.getByTestId('collection-tab.big')).toBeVisible();
  await playground.setCommand('db.big.updateMany({n: {$gte: 100}}, {$inc: {n: 1}})');
  await playground.waitForPreview();
  const diff = playground.diff;
  await expect(page.getByTestId('tab.diff')).toContainText('500');
  await expect(diff.getByTestId('diff-statement')).toContainText('matched 500');
  await expect(diff.getByTestId('diff-document').first()).toHaveAttribute('data-id', '100');
  expect(await diff.getByTestId('diff-document').count()).toBeLessThan(60);
  await expect(async () => {
    await scrollTo(page, '[data-testid="diff-pane"]', 1);
    await expect(diff.locator('[data-testid="diff-document"][data-id="599"]')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(diff.locator('[data-testid="diff-document"][data-id="599"]')).toContainText('600');
  const oplog = await playground.oplog();
  await expect(page.getByTestId('tab.oplog')).toContainText('500');
  await expect(async () => {
    await scrollTo(page, '[data-testid="oplog-pane"]', 1);
    await expect(oplog.getByTestId('oplog-entry').last()).toContainText('_id 599', { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  expect(await oplog.getByTestId('oplog-entry').count()).toBeLessThan(100);
});
