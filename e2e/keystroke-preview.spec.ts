/**
 * The live preview keeps up with typing: it starts with no timer after a keystroke, a Run right
 * after typing is not replaced by the preview of the same text, and the parts the worker builds
 * only when read (oplog entries, a card's oplog `o`) read as written far down a long preview.
 */
import type { Locator } from '@playwright/test';
import { expect, test, type Playground } from './fixtures.js';

async function toBottom(list: Locator): Promise<void> {
  await list.evaluate((el) => {
    el.scrollTop = el.scrollHeight;
    el.dispatchEvent(new Event('scroll'));
  });
}

async function collectionOf(playground: Playground, count: number): Promise<void> {
  const page = playground.page;
  await page.getByTestId('new-collection').click();
  await page.getByTestId('new-collection-name').fill('many');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('collection-tab.many')).toBeVisible();
  await page.getByTestId('import-documents').click();
  const lines = Array.from({ length: count }, (_, i) => `{"_id": ${i}, "n": ${i}}`).join('\n');
  await page.getByTestId('import-text').fill(lines);
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('collection-tab.many')).toContainText(String(count));
}

test('a long preview shows its last oplog entry and a far card with its oplog o', async ({ playground }) => {
  await playground.open();
  await collectionOf(playground, 300);
  await playground.setCommand('db.many.updateMany({}, {$inc: {n: 1000}})');
  await expect(playground.diff).toHaveAttribute('data-kind', 'preview');
  // The far card: its after state and what the oplog records for it.
  // Heights below the window are estimates until their cards arrive: scroll again until it shows.
  const last = playground.diff.locator('[data-testid="diff-document"][data-id="299"]');
  await expect(async () => {
    await toBottom(playground.diff);
    await expect(last).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(last.locator('.side.after')).toContainText('1299');
  await last.getByText('What the oplog records for this change').click();
  await expect(last.locator('.card-oplog pre')).toContainText('"diff"');
  await expect(last.locator('.card-oplog pre')).toContainText('1299');
  // The oplog pane's last entry, built when scrolled to.
  const oplog = await playground.oplog();
  const entry = oplog.getByTestId('oplog-entry').filter({ hasText: '_id 299' });
  await expect(async () => {
    await toBottom(oplog);
    await expect(entry).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(entry).toHaveAttribute('data-op', 'u');
  await expect(entry).toContainText('many');
  // The preview left nothing behind: the collection still holds the old values.
  await expect(playground.documents.first()).toContainText('_id: 0,n: 0}');
});

test('a Run right after a keystroke stays shown as committed', async ({ playground, page }) => {
  await playground.open();
  await page.getByTestId('collection-tab.students').click();
  await playground.setCommand('db.students.updateMany({}, {$set: {x: 1}})');
  await playground.waitForPreview();
  // A keystroke, and Run in the next task: the preview of that text must not replace the Run.
  const editor = playground.editor;
  if ((await editor.getAttribute('data-editor')) !== 'textarea') {
    await page.keyboard.press('ControlOrMeta+End');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.type('2');
  }
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('result-kind')).toContainText('committed');
  await page.waitForTimeout(1000);
  await expect(page.getByTestId('result-kind')).toContainText('committed');
  await expect(playground.diff).toHaveAttribute('data-kind', 'committed');
  await expect(playground.documents.first()).toContainText('x: 12}');
});

test('the step-through reads its cards when it opens, not after every preview', async ({ playground, page }) => {
  // Every card range the page asks the worker for, counted in the page.
  await page.addInitScript(() => {
    const w = window as unknown as { __cardRanges: number };
    w.__cardRanges = 0;
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (this: Worker, message: unknown, ...rest: never[]) {
      const m = message as { type?: string; list?: string };
      if (m.type === 'runRange' && m.list === 'cards') w.__cardRanges++;
      return post.call(this, message, ...rest);
    };
  });
  const cardRanges = (): Promise<number> =>
    page.evaluate(() => (window as unknown as { __cardRanges: number }).__cardRanges);
  await playground.open();
  await collectionOf(playground, 300);
  await playground.setCommand('db.many.updateMany({n: {$lt: 200}}, {$inc: {n: 1000}})');
  await expect(playground.diff).toHaveAttribute('data-kind', 'preview');
  const player = playground.diff.getByTestId('step-through');
  await expect(player.getByTestId('step-through-toggle')).toBeVisible();
  await page.waitForTimeout(500);
  expect(await cardRanges()).toBe(0);
  // Opened: the first 100 documents' stops, read from the worker now.
  await player.getByTestId('step-through-toggle').click();
  await expect(player).toContainText('(the first 100 documents)');
  await expect(player.getByTestId('step-position')).toBeVisible();
  expect(await cardRanges()).toBeGreaterThan(0);
});
