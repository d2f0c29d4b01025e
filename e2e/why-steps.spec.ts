/** The step-through over a run (documents in the server's order, statement by statement), Why after Run, embeds and stops. */
import { test, expect } from './fixtures.js';
import type { Locator, Page } from '@playwright/test';

async function loadExample(page: Page, id: string): Promise<void> {
  // On a phone and in presentation Examples is under More.
  if (await page.getByTestId('more-button').isVisible()) await page.getByTestId('more-button').click();
  await page.getByTestId('examples-button').click();
  await page.getByTestId(`example.${id}`).click();
  await expect(page.getByTestId('result-kind')).toContainText('preview');
}

/** Every step of the player as "context | current step", moving with step-next. */
async function walk(player: Locator): Promise<string[]> {
  const out: string[] = [];
  const position = player.getByTestId('step-position');
  await expect(position).toHaveText(/^step 1 of \d+$/);
  const total = Number((await position.textContent())!.split(' of ')[1]);
  for (let i = 1; i <= total; i++) {
    await expect(position).toHaveText(`step ${i} of ${total}`);
    out.push(
      `${await player.getByTestId('step-context').textContent()} | ${await player.getByTestId('step-current').textContent()}`,
    );
    if (i < total) await player.getByTestId('step-next').click();
  }
  await expect(player.getByTestId('step-next')).toBeDisabled();
  return out;
}

test('students arrayFilters: the step-through visits each document in order, highlights its card and animates the value', async ({
  page,
  playground,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await playground.open();
  await loadExample(page, 'array-filters-basic');
  const player = playground.diff.getByTestId('step-through');
  await player.getByTestId('step-through-toggle').click();
  expect(await walk(player)).toEqual([
    'statement 1 of 1 (line 1) · _id 1 · step 1 of 1 of this document | no modifier ran: no change: matched, unchanged: no array element matched the array filters, so no modifier ran',
    'statement 1 of 1 (line 1) · _id 2 · step 1 of 2 of this document | $set grades.1: no change: already 100',
    'statement 1 of 1 (line 1) · _id 2 · step 2 of 2 of this document | $set grades.2: 102 → 100',
    'statement 1 of 1 (line 1) · _id 3 · step 1 of 2 of this document | $set grades.1: 110 → 100',
    'statement 1 of 1 (line 1) · _id 3 · step 2 of 2 of this document | $set grades.2: no change: already 100',
  ]);
  // Back to _id 2's change with the arrow keys: its card is the focused one, its field animates.
  await player.getByTestId('step-position').click();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(player.getByTestId('step-position')).toHaveText('step 3 of 5');
  const card = playground.diff.locator('[data-testid="diff-document"][data-id="2"]');
  await expect(card).toHaveClass(/step-focus/);
  await expect(playground.diff.locator('.step-focus')).toHaveCount(1);
  await expect(card.locator('.side.after .step-to')).toHaveAttribute('data-path', 'grades.2');
  await expect(card.locator('.side.before .step-from')).toHaveAttribute('data-path', 'grades.2');
  const after = player.getByTestId('step-after');
  await expect(after).toHaveText('100');
  expect(await after.evaluate((e) => getComputedStyle(e).animationName)).toBe('step-new');
  expect(await player.getByTestId('step-before').evaluate((e) => getComputedStyle(e).animationName)).toBe('step-old');
  await page.screenshot({ path: '/tmp/why-step-1440.png' });

  // Reduced motion: the same step, no movement.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await after.evaluate((e) => getComputedStyle(e).animationName)).toBe('none');
  expect(await card.locator('.side.after .step-to').evaluate((e) => getComputedStyle(e).animationName)).toBe('none');
});

test('collation: the step-through visits the three documents the collation matched', async ({ page, playground }) => {
  await playground.open();
  await loadExample(page, 'collation-french-strength-1');
  const player = playground.diff.getByTestId('step-through');
  await player.getByTestId('step-through-toggle').click();
  expect(await walk(player)).toEqual([
    'statement 1 of 1 (line 1) · _id 1 · step 1 of 1 of this document | $set status: "A" → "Updated"',
    'statement 1 of 1 (line 1) · _id 2 · step 1 of 1 of this document | $set status: "a" → "Updated"',
    'statement 1 of 1 (line 1) · _id 3 · step 1 of 1 of this document | $set status: "a" → "Updated"',
  ]);
});

test('a script steps through statement by statement; Why also explains the committed Run', async ({
  page,
  playground,
}) => {
  await playground.open();
  await page.getByTestId('collection-tab.students').click();
  await playground.setCommand(
    'db.students.updateOne({_id: 1}, {$inc: {"grades.0": 1}})\ndb.students.updateMany({grades: {$gte: 100}}, {$set: {"grades.$": 0}})',
  );
  await playground.waitForPreview();
  await expect(playground.diff.getByTestId('diff-document')).toHaveCount(3);
  const player = playground.diff.getByTestId('step-through');
  await player.getByTestId('step-through-toggle').click();
  expect(await walk(player)).toEqual([
    'statement 1 of 2 (line 1) · _id 1 · step 1 of 1 of this document | $inc grades.0: 95 → 96',
    'statement 2 of 2 (line 2) · _id 2 · step 1 of 1 of this document | $set grades.1: 100 → 0',
    'statement 2 of 2 (line 2) · _id 3 · step 1 of 1 of this document | $set grades.1: 110 → 0',
  ]);

  await playground.run();
  const card = playground.diff.locator('[data-testid="diff-document"][data-id="3"]');
  await card.getByTestId('why-button').click();
  const panel = card.getByTestId('why-panel');
  // The state the run saw: grades [95, 110, 100], the positional $ took index 1.
  await expect(panel.getByTestId('why-outcome')).toHaveText('matched and modified: grades.1');
  await expect(panel).toContainText('the positional $ takes array index 1');
  await expect(panel.getByTestId('why-step')).toHaveText(['$set grades.1: 110 → 0']);
  await expect(playground.documents.nth(2)).toContainText('[ 95, 0, 100 ]');
});

test('a validator stops a multi-update: Not matched names where it stopped, the rule that failed, and the documents never visited', async ({
  page,
  playground,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await playground.open();
  await playground.setCommand(
    'db.createCollection("stock", {validator: {qty: {$gte: 0}}})\ndb.stock.insertMany([{_id: 1, qty: 5}, {_id: 2, qty: 1}, {_id: 3, qty: 9}])\ndb.stock.updateMany({}, {$inc: {qty: -3}})',
  );
  await playground.waitForPreview();
  await playground.diff.getByTestId('unmatched-toggle').click();
  const stopped = playground.diff.getByTestId('why-stopped');
  await expect(stopped).toHaveAttribute('data-id', '2');
  await expect(stopped).toContainText('121: Document failed validation');
  await expect(playground.diff.getByTestId('doc-not-visited')).toHaveCount(1);
  await expect(playground.diff.getByTestId('doc-not-visited')).toHaveAttribute('data-id', '3');
  await stopped.getByTestId('why-stopped-button').click();
  const validation = stopped.getByTestId('why-validation');
  await expect(validation).toHaveAttribute('data-passed', 'false');
  await expect(validation.getByTestId('why-clause')).toHaveAttribute('data-verdict', 'false');
  await expect(validation.getByTestId('why-clause')).toContainText('{ qty: { $gte: 0 } }qty: -2');
  await expect(playground.diff.getByTestId('doc-not-visited').locator('..').locator('..')).toContainText(
    'never visited: the update stopped at the error on _id 2 (121: Document failed validation)',
  );
  await validation.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/why-validator-1440.png' });
});

test('embed and presentation: Why and the step-through work in both', async ({ page, playground }) => {
  await page.setViewportSize({ width: 1000, height: 700 });
  await playground.open('/?embed=1');
  await expect(playground.diff).toHaveAttribute('data-kind', 'preview');
  const player = playground.diff.getByTestId('step-through');
  await player.getByTestId('step-through-toggle').click();
  await expect(player.getByTestId('step-position')).toHaveText(/^step 1 of \d+$/);
  await player.getByTestId('step-next').click();
  await expect(player.getByTestId('step-position')).toHaveText(/^step 2 of \d+$/);
  await expect(playground.diff.locator('.step-focus')).toHaveCount(1);
  const card = playground.diff.getByTestId('diff-document').first();
  await card.getByTestId('why-button').click();
  await expect(card.getByTestId('why-panel').getByTestId('why-clause').first()).toBeVisible();
  await page.screenshot({ path: '/tmp/why-embed.png' });

  await page.setViewportSize({ width: 1280, height: 720 });
  await playground.open('/?present=1');
  await loadExample(page, 'array-filters-basic');
  await playground.diff.getByTestId('step-through').getByTestId('step-through-toggle').click();
  await playground.diff.getByTestId('step-through').getByTestId('step-next').click();
  await playground.diff.getByTestId('step-through').getByTestId('step-next').click();
  await expect(playground.diff.getByTestId('step-through').getByTestId('step-current')).toContainText('102 → 100');
  await page.screenshot({ path: '/tmp/why-present-1280.png' });
});

test('the step-through on a phone-sized screen', async ({ page, playground }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await playground.open();
  await loadExample(page, 'array-filters-basic');
  const player = playground.diff.getByTestId('step-through');
  await player.getByTestId('step-through-toggle').click();
  await player.getByTestId('step-next').click();
  await player.getByTestId('step-next').click();
  await expect(player.getByTestId('step-current')).toContainText('$set grades.2: 102 → 100');
  await player.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/why-step-390.png' });
});
