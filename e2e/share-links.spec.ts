import { encodeV1Json } from '../web/share/codec-v1.js';
import { decodeState, encodeState } from '../web/share/codec.js';
import { expect, Playground, test } from './fixtures.js';

/** A link the page made before links were shortened (format 1: JSON + deflate); it must keep opening. */
const FORMAT_1 =
  'VZJBihsxEEWvIgovElA87oHZ6AYhyQksM8itGruxWrKlkpNGCHyIBGaRkHVWOcTcxCfIEUJ1tydkp_pUV_3_qgucQTUS2uActtQFn0CtC3jTIyjo_Bk9hTiABBva3KOnBArWRXshNDx2VoMSjZzKz1zcN8vVXHuui4aFz_0W48fgd6xoeNBQbz2BcBJb8_TyS1yfv4k_P58vQmsNpxwILb80aF83ICEcZ5cwezgb11lDIc7LTjTc1rppdLNa1ds6Dmp4wtzjQmvcbOApapBCQ6KIfkf78duqfQUJnbf4BSc4BxxAFUhkKCdQTZU3XpP02ICE7LtTRlAUM9ZNla9Mx5jpf6DrwiinSxjCHROfO6Fu6oYP1PfGW1Bgt8vXsyzz0RrCT8YPb8qJBiXKwpESDxxYlEVCUqJEDNFiVGL0Ut9qf3cnvHn5fUZxvXwV18v3EXS6Xn6wL0NmaxJ7JUzECh5dGNgrZ9ybaNGChISUjyMJlhKoezk9P-CQWP_3-3DTITOrWiXQHkcU1sQDz2nRm9iF9xyvz466d1MuqH8B';

/** What the page holds: database, command and each collection's documents. */
function held(page: Playground['page']) {
  return page.evaluate(() => {
    const s = window.__playground!.store.getState();
    return { database: s.database, command: s.command, collections: s.collections.map((c) => [c.name, c.docs]) };
  });
}

test('a format-1 link still opens to its state; Share now makes a shorter link that opens to the same state', async ({
  playground,
  page,
  context,
}) => {
  await playground.open(`/#s=${FORMAT_1}`);
  await expect(page.getByTestId('collection-tab.cafés')).toBeVisible();
  const before = await held(page);
  expect(before.command).toBe(
    'db.inventory.updateMany({qty: {$lt: 50}}, {$set: {reorder: true}})\n// naïve — “quotes”',
  );
  expect(before.collections.map(([name]) => name)).toEqual(['inventory', 'cafés']);
  expect(before.collections[0]![1]).toEqual([
    '{\n  "_id": 1,\n  "w": 21.0,\n  "n": {"$numberLong":"5"},\n  "note": "café ☕ 😀 \\"quoted\\""\n}',
  ]);
  await expect(page.getByTestId('deployment-select')).toHaveValue(/sharded/);

  await page.getByTestId('share-button').click();
  await expect(page.getByTestId('share-url')).toHaveValue(/#s=2\.[A-Za-z0-9_-]+$/);
  const link = await page.getByTestId('share-url').inputValue();
  // The same state in format 1 would be about twice as long.
  const state = await decodeState(link.split('#')[1]!);
  expect(link.split('#s=')[1]!.length).toBeLessThan((await encodeV1Json(JSON.stringify(state))).length * 0.8);

  const other = new Playground(await context.browser()!.newPage());
  await other.open(link);
  await expect(other.page.getByTestId('collection-tab.cafés')).toBeVisible();
  expect(await held(other.page)).toEqual(before);
  await expect(other.page.getByTestId('deployment-select')).toHaveValue(/sharded/);
  await other.page.close();
});

test('the Share dialog warns when the link is longer than chat tools carry, and says which', async ({
  playground,
  page,
}) => {
  // Documents that do not compress: about 3,000 characters of link.
  let seed = 7;
  const noise = (): string =>
    Array.from({ length: 40 }, () => ((seed = (seed * 48271) % 2147483647) % 36).toString(36)).join('');
  const docs = Array.from({ length: 60 }, (_, i) => `{"_id": ${i}, "k": "${noise()}"}`).join(',');
  const payload = await encodeState({
    v: 1,
    collections: [{ name: 'noise', documents: `[${docs}]` }],
    command: 'db.noise.find()',
  });
  await playground.open(`/#s=${payload}`);
  await expect(page.getByTestId('collection-tab.noise')).toBeVisible();
  await page.getByTestId('share-button').click();
  await expect(page.getByTestId('share-url')).toHaveValue(/#s=2\./);
  const link = await page.getByTestId('share-url').inputValue();
  expect(link.length).toBeGreaterThan(2000);
  const warning = page.getByTestId('share-too-long');
  await expect(warning).toContainText(`${link.length.toLocaleString('en')} characters long`);
  await expect(warning).toContainText('Discord refuses messages over 2,000 characters');
  await expect(page.getByTestId('share-length')).toHaveCount(0);
});
