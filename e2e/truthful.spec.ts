/** Every pane tells what MongoDB would do: refused writes, standalone limits, help for the error at hand. */
import { expect, test } from './fixtures.js';

test('a refused shard-key change shows its error and no modified document, preview and run', async ({
  playground,
  page,
}) => {
  await playground.open();
  await page.getByTestId('examples-button').click();
  await page.getByTestId('example.sharded-shard-key-change-multi').click();
  await expect(playground.diff).toHaveAttribute('data-kind', 'preview');
  const header = playground.diff.getByTestId('diff-statement').first();
  await expect(header).toContainText('(72)');
  await expect(header).toContainText('modified 0');
  await expect(playground.diff.locator('.change-card.changed')).toHaveCount(0);
  await playground.run();
  await expect(playground.diff.getByTestId('diff-statement').first()).toContainText('(72)');
  await expect(playground.diff.locator('.change-card.changed')).toHaveCount(0);
  await expect(playground.diff.getByTestId('diff-changed')).toHaveCount(0);
  await expect(playground.documents.first()).toContainText('"EU"');
  const oplog = await playground.oplog();
  await expect(oplog.getByTestId('oplog-entry')).toHaveCount(0);
});
