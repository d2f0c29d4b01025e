/**
 * A user's saved work survives: a restore the engine refuses, a restore past 100,000 documents,
 * a Run issued while the worker restarts, share links opened over it, a second tab, a full disk.
 * Real worker, real IndexedDB; old localStorage saves are seeded as the previous page wrote them.
 */
import { readFile } from 'node:fs/promises';
import { expect, Playground, test } from './fixtures.js';
import { legacySave, readSaved, seedLegacySave } from './saved-work.js';

test('a restore the engine refuses keeps the saved work, says why, and offers a download and the starter', async ({
  page,
  context,
}) => {
  const docs = ['{"_id": {"$numberInt": "1"}, "a": "mine"}', '{"_id": {"$numberInt": "1"}, "a": "second"}'];
  await seedLegacySave(context, legacySave([{ name: 'mine', docs }], 'db.mine.find()'));
  await page.goto('/');
  const failed = page.getByTestId('restore-failed');
  await expect(failed).toContainText('mine');
  await expect(failed).toContainText('duplicate key');
  await expect(page.getByTestId('run-button')).toBeDisabled();

  // Nothing overwrote it: still there after a reload, now in IndexedDB (the old key migrated).
  await page.reload();
  await expect(failed).toContainText('duplicate key');
  const saved = await readSaved(page);
  expect(saved.collections).toEqual([{ name: 'mine', docs }]);
  expect(saved.command).toBe('db.mine.find()');
  expect(saved.legacy).toBeNull();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-saved').click()]);
  const file = JSON.parse(await readFile(await download.path(), 'utf8')) as {
    collections: { name: string; documents: unknown[] }[];
    command: string;
  };
  expect(file.command).toBe('db.mine.find()');
  expect(file.collections[0]?.name).toBe('mine');
  expect(file.collections[0]?.documents).toEqual(docs.map((d) => JSON.parse(d) as unknown));

  await page.getByTestId('load-starter').click();
  await expect(page.getByTestId('engine-status')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('collection-tab.students')).toBeVisible();
  // The refused save is kept as the previous workspace, one click away.
  await expect.poll(async () => (await readSaved(page)).previous?.collections.map((c) => c.name)).toEqual(['mine']);
  await expect.poll(async () => (await readSaved(page)).collections?.map((c) => c.name)).toContain('students');
});

test('a saved collection past 100,000 documents is restored (in batches)', async ({ page, context }) => {
  test.setTimeout(180_000);
  const docs = Array.from({ length: 100_500 }, (_, i) => `{"_id": {"$numberInt": "${i}"}}`);
  await seedLegacySave(context, legacySave([{ name: 'big', docs }], 'db.big.countDocuments()'));
  await page.goto('/');
  await expect(page.getByTestId('engine-status')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(page.getByTestId('collection-tab.big')).toContainText('100500');
  await page.reload();
  await expect(page.getByTestId('engine-status')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(page.getByTestId('collection-tab.big')).toContainText('100500');
  expect((await readSaved(page)).collections?.[0]?.docs.length).toBe(100_500);
});

/** A preview that runs far past the worker's time limit (nested $reduce over $range). */
const RUNAWAY =
  'db.students.aggregate([{$project: {n: {$reduce: {input: {$range: [0, 3000000]}, initialValue: 0, in: ' +
  '{$add: ["$$value", {$reduce: {input: {$range: [0, 3000000]}, initialValue: 0, in: {$add: ["$$value", 1]}}}]}}}}}])';

test('a Run issued while the worker restarts waits for the collections and commits nothing from an empty worker', async ({
  page,
  playground,
}) => {
  // The moment the page spawns the replacement worker, issue a Run (as a user clicking it would).
  await page.addInitScript(() => {
    const Native = window.Worker;
    let spawned = 0;
    window.Worker = class extends Native {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        if (options?.name === 'engine' && ++spawned === 2) {
          // Once the page holds the new worker (it starts reloading the collections at once).
          queueMicrotask(() => {
            const p = window.__playground;
            p?.store.getState().setCommand('db.students.updateOne({_id: 1}, {$set: {restarted: true}})');
            void p?.perform('run');
          });
        }
      }
    };
  });
  await playground.open();
  const count = page.getByTestId('collection-tab.students').locator('.count');
  const before = await count.textContent();
  await playground.setCommand(RUNAWAY);
  await expect(page.getByTestId('result-kind')).toContainText('committed', { timeout: 20_000 });
  await expect(count).toHaveText(before ?? '');
  await expect(page.getByTestId('collection-tab.inventory')).toBeVisible();
  await page.getByTestId('collection-tab.students').click();
  await expect(playground.documents.first()).toContainText('restarted');
  await expect
    .poll(async () => (await readSaved(page)).collections?.find((c) => c.name === 'students')?.docs.length)
    .toBe(Number(before));
});

async function makeOwnWork(playground: Playground): Promise<void> {
  await playground.setCommand('db.mine.insertOne({_id: 1, note: "my own work"})');
  await playground.run();
  await playground.setCommand('// my own command');
  await expect.poll(async () => (await readSaved(playground.page)).command).toBe('// my own command');
}

async function shareLinkOf(playground: Playground, command: string): Promise<string> {
  const page = playground.page;
  await playground.setCommand(command);
  await page.getByTestId('share-button').click();
  await expect(page.getByTestId('share-url')).toHaveValue(/#s=/);
  const link = await page.getByTestId('share-url').inputValue();
  await page.keyboard.press('Escape');
  return link;
}

test('opening a share link keeps the previous workspace one click away (new tab, reload, hashchange)', async ({
  page,
  context,
  playground,
}) => {
  // Four page loads (two tabs, a reload, a hashchange): 23 s alone on a loaded 2-core machine.
  test.slow();
  await playground.open();
  const link = await shareLinkOf(playground, '// from the link');
  await makeOwnWork(playground);

  // A new tab opened on the link.
  const other = new Playground(await context.newPage());
  await other.open(link);
  expect(await other.command()).toBe('// from the link');
  await expect(other.page.getByTestId('collection-tab.mine')).toHaveCount(0);
  await other.page.getByTestId('restore-previous').click();
  await expect(other.page.getByTestId('collection-tab.mine')).toBeVisible();
  expect(await other.command()).toBe('// my own command');
  await other.page.close();

  // The link pasted into the open tab: the hashchange loads it, the work stays recoverable.
  await page.reload();
  await expect(page.getByTestId('engine-status')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('collection-tab.mine')).toBeVisible();
  await page.evaluate((href) => {
    window.location.hash = new URL(href).hash;
  }, link);
  await expect.poll(() => playground.command()).toBe('// from the link');
  await expect(page.getByTestId('collection-tab.mine')).toHaveCount(0);
  await page.getByTestId('restore-previous').click();
  await expect(page.getByTestId('collection-tab.mine')).toBeVisible();
  expect(await playground.command()).toBe('// my own command');
});

test('a second tab never silently overwrites the first one’s saved work', async ({ context, playground }) => {
  await playground.open();
  const second = new Playground(await context.newPage());
  await second.open();

  await playground.setCommand('db.first.insertOne({_id: 1})');
  await playground.run();
  await expect.poll(async () => (await readSaved(playground.page)).collections?.map((c) => c.name)).toContain('first');
  // The second tab learns of it and stops saving over it.
  await expect(second.page.getByTestId('other-tab')).toBeVisible();
  await second.setCommand('db.second.insertOne({_id: 1})');
  await second.run();
  await second.page.waitForTimeout(1500);
  let saved = await readSaved(playground.page);
  expect(saved.collections?.map((c) => c.name)).toContain('first');
  expect(saved.collections?.map((c) => c.name)).not.toContain('second');

  // Keeping the second tab's work saves it, keeps the first's as previous work, and tells the first tab.
  await second.page.getByTestId('other-tab-keep').click();
  await expect.poll(async () => (await readSaved(playground.page)).collections?.map((c) => c.name)).toContain('second');
  saved = await readSaved(playground.page);
  expect(saved.previous?.collections.map((c) => c.name)).toContain('first');
  await expect(playground.page.getByTestId('other-tab')).toBeVisible();

  // The first tab can take the other tab's work.
  await playground.page.getByTestId('other-tab-load').click();
  await expect(playground.page.getByTestId('collection-tab.second')).toBeVisible();
  await expect(playground.page.getByTestId('other-tab')).toHaveCount(0);
});

test('a full disk gets a clear notice; the page keeps working and the last save stays', async ({
  page,
  context,
  playground,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // Room for the starter, not for a megabyte more (set before the page opens its database).
  const cdp = await context.newCDPSession(page);
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: 400_000 });
  await playground.open();
  await expect.poll(async () => (await readSaved(page)).collections?.length).toBe(3);
  // About 1 MB of incompressible text.
  await page.getByTestId('collection-tab.students').click();
  await page.getByTestId('import-documents').click();
  const random = (n: number): string => Array.from({ length: n }, () => Math.random().toString(36).slice(2)).join('');
  const lines = Array.from({ length: 100 }, (_, i) => `{"_id": ${100 + i}, "pad": "${random(1000)}"}`).join('\n');
  await page.getByTestId('import-text').fill(lines);
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('storage-notice')).toContainText('not saved');
  // Still usable: typing and running work, no uncaught errors; the last good save is intact.
  await playground.setCommand('db.students.updateOne({_id: 1}, {$set: {more: 1}})');
  await playground.run();
  await expect(page.getByTestId('storage-notice')).toContainText('not saved');
  expect(errors).toEqual([]);
  const students = (await readSaved(page)).collections?.find((c) => c.name === 'students');
  expect(students?.docs.join('')).not.toContain('pad');
  // With space again, the next change is saved and the notice goes.
  await cdp.send('Storage.overrideQuotaForOrigin', { origin });
  await playground.setCommand('db.students.updateOne({_id: 2}, {$set: {more: 2}})');
  await playground.run();
  await expect(page.getByTestId('storage-notice')).toHaveCount(0);
  await expect
    .poll(async () => (await readSaved(page)).collections?.find((c) => c.name === 'students')?.docs.join(''))
    .toContain('pad');
});

test('the work downloads as a file and opens again from it', async ({ page, playground }) => {
  await playground.open();
  await makeOwnWork(playground);
  await page.getByTestId('share-button').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-workspace').click()]);
  const path = await download.path();
  await page.keyboard.press('Escape');
  page.once('dialog', (d) => void d.accept());
  await page.getByTestId('reset-everything').click();
  await expect(page.getByTestId('collection-tab.mine')).toHaveCount(0);
  await page.getByTestId('share-button').click();
  await page.getByTestId('open-workspace').setInputFiles(path);
  await expect(page.getByTestId('collection-tab.mine')).toBeVisible();
  expect(await playground.command()).toBe('// my own command');
});

/** Pastes `text` into the Import dialog as the clipboard does (a `paste` event carrying the text). */
async function pasteIntoImport(page: Playground['page'], text: string): Promise<void> {
  await page.getByTestId('import-text').evaluate((el, t) => {
    const clipboardData = new DataTransfer();
    clipboardData.setData('text/plain', t);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
  }, text);
}

test('a 10,000-document collection saved after a Run is restored exactly after a reload, and downloads whole', async ({
  page,
  playground,
}) => {
  test.setTimeout(180_000);
  const count = 10_000;
  const docs = Array.from(
    { length: count },
    (_, i) =>
      `{"_id": ${i}, "l": {"$numberLong": "${i}"}, "d": {"$numberDouble": "${i}.5"}, "s": "é \\"${i}\\"", "a": [${i}, {"k": "v"}]}`,
  );
  // After `$inc: {l: NumberLong(1)}, $set: {t: true}`, in the page's typed EJSON (field order kept).
  const expected = Array.from({ length: count }, (_, i) => ({
    _id: i,
    l: { $numberLong: String(i + 1) },
    d: i + 0.5,
    s: `é "${i}"`,
    a: [i, { k: 'v' }],
    t: true,
  }));
  const exactly = (texts: readonly string[]): string => JSON.stringify(JSON.parse(`[${texts.join(',')}]`));

  await playground.open();
  await page.getByTestId('import-documents').click();
  await page.getByTestId('import-dialog').getByLabel('Collection', { exact: true }).fill('big');
  await pasteIntoImport(page, `[${docs.join(',\n')}]`);
  await expect(page.getByTestId('import-large')).toContainText('MB of text');
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('collection-tab.big')).toContainText(String(count), { timeout: 60_000 });

  await playground.setCommand('db.big.updateMany({}, {$inc: {l: NumberLong(1)}, $set: {t: true}})');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('result-kind')).toContainText('committed', { timeout: 60_000 });
  await expect(playground.documents.first()).toContainText('NumberLong(1)');
  await expect
    .poll(async () => exactly((await readSaved(page)).collections?.find((c) => c.name === 'big')?.docs ?? []), {
      timeout: 30_000,
    })
    .toBe(JSON.stringify(expected));

  await page.reload();
  await expect(page.getByTestId('engine-status')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(page.getByTestId('collection-tab.big')).toContainText(String(count));
  await page.getByTestId('collection-tab.big').click();
  await expect(playground.documents.first()).toContainText('NumberLong(1)');
  // The engine got every document back with its types.
  await playground.setCommand(
    'db.big.countDocuments({t: true, l: {$type: "long"}, d: {$type: "double"}, "a.1.k": "v", _id: {$type: "int"}})',
  );
  await expect(page.getByTestId('result-pane')).toContainText('10000', { timeout: 30_000 });
  // The download holds every document, exactly.
  await page.getByTestId('share-button').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-workspace').click()]);
  const file = JSON.parse(await readFile(await download.path(), 'utf8')) as {
    collections: { name: string; documents: unknown[] }[];
  };
  expect(JSON.stringify(file.collections.find((c) => c.name === 'big')?.documents)).toBe(JSON.stringify(expected));
});
