/** Why and Not matched: the engine's explanation of each document, on gallery examples. */
import { test, expect } from './fixtures.js';
import type { Page } from '@playwright/test';

async function loadExample(page: Page, id: string): Promise<void> {
  // On a phone Examples is under More.
  if (await page.getByTestId('more-button').isVisible()) await page.getByTestId('more-button').click();
  await page.getByTestId('examples-button').click();
  await page.getByTestId(`example.${id}`).click();
  await expect(page.getByTestId('result-kind')).toContainText('preview');
}

test('students arrayFilters: Why shows the filter, the per-element verdicts and the steps with their no-op reasons', async ({
  page,
  playground,
}) => {
  await playground.open();
  await loadExample(page, 'array-filters-basic');
  const card = playground.diff.locator('[data-testid="diff-document"][data-id="2"]');
  await card.getByTestId('why-button').click();
  const panel = card.getByTestId('why-panel');
  await expect(panel.getByTestId('why-outcome')).toHaveText('matched and modified: grades.2');
  const clauses = panel.getByTestId('why-clause');
  await expect(clauses).toHaveCount(1);
  await expect(clauses.first()).toHaveAttribute('data-verdict', 'true');
  await expect(clauses.first()).toContainText('{}: matches every document');
  const verdicts = panel.getByTestId('why-array-filter');
  await expect(verdicts).toHaveCount(3);
  expect(await verdicts.evaluateAll((els) => els.map((e) => [e.textContent, e.getAttribute('data-verdict')]))).toEqual([
    ['✗ $[element] grades.0 = 98{ element: { $gte: 100 } }, but element: 98', 'false'],
    ['✓ $[element] grades.1 = 100', 'true'],
    ['✓ $[element] grades.2 = 102', 'true'],
  ]);
  const steps = panel.getByTestId('why-step');
  await expect(steps).toHaveCount(2);
  await expect(steps.nth(0)).toHaveAttribute('data-changed', 'false');
  await expect(steps.nth(0)).toContainText('grades.1: no change: already 100');
  await expect(steps.nth(1)).toHaveAttribute('data-changed', 'true');
  await expect(steps.nth(1)).toContainText('grades.2: 102 → 100');

  // Step through the two modifiers: buttons and arrow keys.
  await expect(panel.getByTestId('step-position')).toHaveText('step 1 of 2');
  await expect(panel.getByTestId('step-current')).toContainText('grades.1: no change: already 100');
  await expect(panel.getByTestId('step-prev')).toBeDisabled();
  await panel.getByTestId('step-next').click();
  await expect(panel.getByTestId('step-position')).toHaveText('step 2 of 2');
  await expect(panel.getByTestId('step-current')).toContainText('grades.2: 102 → 100');
  await expect(panel.getByTestId('step-next')).toBeDisabled();
  await expect(steps.nth(1)).toHaveClass(/current/);
  await panel.getByTestId('step-position').click();
  await page.keyboard.press('ArrowLeft');
  await expect(panel.getByTestId('step-position')).toHaveText('step 1 of 2');
  await page.keyboard.press('ArrowRight');
  await expect(panel.getByTestId('step-position')).toHaveText('step 2 of 2');

  // Document 1: matched, but no element passes the filter.
  const first = playground.diff.locator('[data-testid="diff-document"][data-id="1"]');
  await first.getByTestId('why-button').click();
  await expect(first.getByTestId('why-outcome')).toHaveText(
    'matched, unchanged: no array element matched the array filters, so no modifier ran',
  );
  await expect(first.locator('[data-testid="why-array-filter"][data-verdict="true"]')).toHaveCount(0);

  // Every document matched {}: Not matched says so.
  await playground.diff.getByTestId('unmatched-toggle').click();
  await expect(playground.diff.getByText('Every document matched the filter.')).toBeVisible();

  await page.setViewportSize({ width: 1440, height: 900 });
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/why-students-1440.png' });
});

test('collation: Why shows the comparison under the collation, Not matched lists the misses without it', async ({
  page,
  playground,
}) => {
  await playground.open();
  await loadExample(page, 'collation-french-strength-1');
  const card = playground.diff.locator('[data-testid="diff-document"][data-id="1"]');
  await card.getByTestId('why-button').click();
  const panel = card.getByTestId('why-panel');
  await expect(panel).toContainText('String comparisons use the collation locale "fr", strength 1.');
  const clause = panel.getByTestId('why-clause');
  await expect(clause).toHaveCount(1);
  await expect(clause).toHaveAttribute('data-verdict', 'true');
  await expect(clause).toContainText('{ category: { $eq: "cafe" } }');
  await expect(clause).toContainText('category: "café"');
  await expect(clause).toContainText(
    'collation locale "fr", strength 1: "café" = "cafe" (different bytes, equal under this collation)',
  );
  await expect(panel.getByTestId('why-step')).toHaveText(['$set status: "A" → "Updated"']);

  await loadExample(page, 'collation-simple-binary');
  await playground.diff.getByTestId('unmatched-toggle').click();
  const missed = playground.diff.getByTestId('doc-unmatched');
  await expect(missed).toHaveCount(2);
  await expect(missed.nth(0)).toHaveAttribute('data-id', '1');
  await expect(missed.nth(0)).toContainText('{ category: { $eq: "cafe" } }, but category: "café"');
  await expect(missed.nth(1)).toContainText('{ category: { $eq: "cafe" } }, but category: "cafE"');
  await page.screenshot({ path: '/tmp/why-unmatched-1440.png' });
});

test('Why on a phone-sized screen', async ({ page, playground }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await playground.open();
  await loadExample(page, 'array-filters-basic');
  const card = playground.diff.locator('[data-testid="diff-document"][data-id="3"]');
  await card.getByTestId('why-button').click();
  await expect(card.getByTestId('why-step')).toHaveCount(2);
  await card.getByTestId('why-panel').scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/why-390.png' });
});
