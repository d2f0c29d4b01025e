/** Issue 18: the playground for a classroom and a docs page (course gallery, keyboard, presentation, embeds). */
import { expect, test } from './fixtures.js';

test('the examples gallery is a course in sections, opened in its filter box, handing focus back to the editor', async ({
  playground,
  page,
}) => {
  await playground.open();
  await page.getByTestId('examples-button').click();
  const dialog = page.getByTestId('examples-dialog');
  await expect(dialog.getByRole('searchbox', { name: 'Filter examples' })).toBeFocused();
  const sections = dialog.getByTestId('gallery-section');
  await expect(sections.locator('h3')).toHaveText([
    'Basics',
    'Operators',
    'Arrays and arrayFilters',
    'Upserts',
    'Pipelines',
    'Bulk and errors',
    'Collation',
    'Deployments',
  ]);
  // Nothing on the page points into the specification the examples were written from.
  await expect(dialog).not.toContainText(/seed|rules? \d/i);
  await expect(dialog.getByRole('region', { name: 'Upserts' })).toContainText('Set fields only when inserting');
  await page.keyboard.type('collation');
  await expect(sections.locator('h3')).toHaveText(['Collation']);
  await dialog.getByTestId('example.collation-french-strength-1').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('scenario-banner')).toContainText('Collation');
  await expect(page.getByTestId('scenario-banner')).not.toContainText(/seed/i);
  await expect
    .poll(() => page.evaluate(() => document.querySelector('[data-testid="command-editor"]')?.contains(document.activeElement)))
    .toBe(true);
  await expect(page.getByRole('button', { name: 'Got it' })).toBeVisible();
});
