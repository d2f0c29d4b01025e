/** n vs nModified on the cards: why each matched document is unchanged, refused, or never reached. */
import { expect, test } from './fixtures.js';

test('each unchanged card says why, one reason per modifier', async ({ playground, page }) => {
  await playground.open();
  await page.getByTestId('examples-button').click();
  await page.getByTestId('example.no-op-update').click();
  await playground.waitForPreview();
  const card = playground.diff.getByTestId('diff-document');
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('diff-unchanged')).toHaveText('matched, unchanged');
  await expect(card.getByTestId('unchanged-reason')).toHaveText('Unchanged because $set status: already "A"');
  await playground.setCommand(
    'db.inventory.updateOne({_id: 1}, {$set: {status: "A"}, $pull: {tags: "blue"}, $min: {item: "journal"}})\ndb.inventory.updateOne({_id: 1}, {$setOnInsert: {made: 1}, $unset: {gone: ""}}, {upsert: true})',
  );
  await playground.waitForPreview();
  const reasons = playground.diff.getByTestId('unchanged-reason');
  await expect(reasons).toHaveCount(2);
  await expect(reasons.nth(0).getByRole('listitem')).toHaveText([
    '$min item: already "journal", not greater than the new value',
    '$set status: already "A"',
    '$pull tags: the field is missing',
  ]);
  // In the order the server applies them (by field name).
  await expect(reasons.nth(1).getByRole('listitem')).toHaveText([
    '$unset gone: the field is already missing',
    '$setOnInsert made: not an insert (it only applies when an upsert inserts)',
  ]);
  for (const [w, h] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await reasons.nth(0).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/unchanged-reasons-${w}.png` });
  }
});

test('a validator failure: the refused card with its rule and value, later documents never reached', async ({
  playground,
  page,
}) => {
  await playground.open();
  await page.getByTestId('examples-button').click();
  await page.getByTestId('example.validator-stops-multi-update').click();
  await playground.run();
  const header = playground.diff.getByTestId('diff-statement');
  await expect(header).toContainText('(121)');
  await expect(header.getByTestId('diff-not-reached')).toHaveText(
    'Stopped at this error: 1 more matched document was never reached and stays as it was.',
  );
  const cards = playground.diff.getByTestId('diff-document');
  await expect(cards).toHaveCount(3);
  await expect(cards.nth(0)).toHaveAttribute('data-id', '1');
  await expect(cards.nth(0).locator('.pill.changed')).toContainText('modified qty');
  const refused = cards.nth(1);
  await expect(refused).toHaveAttribute('data-id', '2');
  await expect(refused.getByTestId('diff-unchanged')).toHaveText('refused: not written');
  await expect(refused.getByTestId('unchanged-reason').getByRole('listitem')).toHaveText([
    'qty: { $lte: 100 } failed (comparison failed); the value was 105',
  ]);
  await expect(refused).toContainText('95');
  const skipped = cards.nth(2);
  await expect(skipped).toHaveAttribute('data-id', '3');
  await expect(skipped.getByTestId('diff-unchanged')).toHaveText('not reached: never updated');
  await expect(skipped.getByTestId('unchanged-reason')).toContainText(
    'the statement stopped at the document with _id 2',
  );
  await expect(playground.diff.locator('[data-kind="equal"]')).toHaveCount(0);
  for (const [w, h] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await refused.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/validator-refused-${w}.png` });
  }
});
