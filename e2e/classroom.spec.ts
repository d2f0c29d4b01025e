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
    .poll(() =>
      page.evaluate(() => document.querySelector('[data-testid="command-editor"]')?.contains(document.activeElement)),
    )
    .toBe(true);
  await expect(page.getByRole('button', { name: 'Got it' })).toBeVisible();
});

test('edits a document in mongosh syntax; an error points into the edited document', async ({ playground, page }) => {
  await playground.open();
  await page.getByTestId('collection-tab.students').click();
  const first = playground.documents.first();
  await first.hover();
  await first.getByTestId('edit-document').click();
  const editor = page.getByTestId('document-editor');
  await editor.fill(
    "{\n  _id: 1,\n  name: 'Ada',\n  born: ISODate('1815-12-10'),\n  visits: NumberLong(3),\n  oops: ObjectId('zz'),\n}",
  );
  await page.getByTestId('save-document').click();
  await expect(page.getByTestId('document-error')).toContainText('Line 6, column 9');
  await editor.fill(
    "{\n  _id: 1,\n  name: 'Ada',\n  born: ISODate('1815-12-10'),\n  visits: NumberLong(3),\n  price: NumberDecimal('9.99'),\n}",
  );
  await page.getByTestId('save-document').click();
  const card = playground.documents.first();
  await expect(card).toContainText('born: ISODate("1815-12-10T00:00:00.000Z")');
  await expect(card).toContainText('visits: NumberLong(3)');
  await expect(card).toContainText('price: NumberDecimal("9.99")');
  const stored = await page.evaluate(
    () => window.__playground?.store.getState().collections.find((c) => c.name === 'students')?.docs[0],
  );
  expect(stored).toContain('"visits": {"$numberLong":"3"}');
  expect(stored).toContain('"$date"');
});

test("imports mongosh's printed output and a CSV whose column types can be changed", async ({ playground, page }) => {
  await playground.open();
  await page.getByTestId('import-documents').click();
  const dialog = page.getByTestId('import-dialog');
  await dialog.getByRole('textbox', { name: 'Collection' }).fill('pasted');
  await page
    .getByTestId('import-text')
    .fill(
      "[\n  {\n    _id: ObjectId('64b7f0c1a2b3c4d5e6f70812'),\n    qty: Long('5'),\n    tags: [ 'a', 'b' ]\n  },\n  { _id: 2, at: ISODate('2024-01-02T00:00:00.000Z') }\n]\nType \"it\" for more",
    );
  await page.getByTestId('import-submit').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('collection-tab.pasted')).toContainText('2');
  await expect(playground.documents.first()).toContainText('ObjectId("64b7f0c1a2b3c4d5e6f70812")');

  await page.getByTestId('import-documents').click();
  await dialog.getByRole('textbox', { name: 'Collection' }).fill('people');
  await page.getByTestId('import-text').fill('_id,name,zip,score\n1,Ada,02139,9.5\n2,"Lovelace, A.",10001,7\n');
  const columns = page.getByTestId('import-columns');
  await expect(page.getByTestId('import-type.zip')).toHaveValue('int');
  await expect(page.getByTestId('import-type.score')).toHaveValue('double');
  await expect(columns).toContainText('02139');
  await page.getByTestId('import-type.zip').selectOption('string');
  await page.getByTestId('import-submit').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('collection-tab.people')).toContainText('2');
  await expect(playground.documents.nth(0)).toContainText('zip: "02139"');
  await expect(playground.documents.nth(1)).toContainText('Lovelace, A.');
  const docs = await page.evaluate(
    () => window.__playground?.store.getState().collections.find((c) => c.name === 'people')?.docs,
  );
  expect(docs?.[1]).toContain('"score": 7.0');
});

test('renames and deletes a collection from the collections pane (Undo brings it back)', async ({
  playground,
  page,
}) => {
  await playground.open();
  await page.getByTestId('collection-tab.students').click();
  await page.getByTestId('collection-settings-button').click();
  await page.getByTestId('rename-collection-input').fill('pupils');
  await page.getByTestId('rename-collection').click();
  await expect(page.getByTestId('collection-tab.pupils')).toBeVisible();
  await expect(page.getByTestId('collection-tab.students')).toHaveCount(0);
  await expect(page.getByTestId('collection-settings')).toContainText('Collection pupils');
  await page.getByTestId('index-key').fill('{name: 1}');
  await page.getByTestId('create-index').click();
  await expect(page.getByTestId('index-list')).toContainText('name_1');
  await page.getByTestId('drop-collection').click();
  await page.getByTestId('confirm-drop-collection').click();
  await expect(page.getByTestId('collection-settings')).toHaveCount(0);
  await expect(page.getByTestId('collection-tab.pupils')).toHaveCount(0);
  await page.getByTestId('undo-button').click();
  await expect(page.getByTestId('collection-tab.pupils')).toBeVisible();
});

test('completion: db. lists the collections, db.students. the methods with signatures, $ the operators of the place', async ({
  playground,
  page,
}) => {
  await playground.open();
  await playground.setCommand('');
  await page.keyboard.type('db.');
  await page.keyboard.press('Control+Space');
  const suggest = page.locator('.suggest-widget');
  await expect(suggest).toBeVisible();
  const names = await page.evaluate(() => window.__playground?.store.getState().views.map((v) => v.name) ?? []);
  expect(names.length).toBeGreaterThan(1);
  for (const name of names.slice(0, 3)) await expect(suggest).toContainText(name);
  await page.keyboard.press('Escape');

  await playground.setCommand('db.students.upd');
  await page.keyboard.press('Control+Space');
  await expect(suggest).toContainText('updateOne');
  await expect(suggest.getByText('updateOne(filter, update, options?', { exact: false }).first()).toBeAttached();
  await page.keyboard.press('Escape');

  await playground.setCommand('db.students.updateOne({_id: 1}, {$s');
  await page.keyboard.press('Control+Space');
  await expect(suggest).toContainText('$setOnInsert');
  await expect(suggest).not.toContainText('$size');
  await page.keyboard.press('Escape');

  await playground.setCommand('db.students.updateOne({grades: {$s');
  await page.keyboard.press('Control+Space');
  await expect(suggest).toContainText('$size');
  await expect(suggest).not.toContainText('$set');
  await page.keyboard.press('Escape');

  // The way out of the editor's Tab is written under it while it has the focus, and works.
  await expect(page.getByTestId('editor-tab-hint')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  await expect
    .poll(() =>
      page.evaluate(() => document.querySelector('[data-testid="command-editor"]')?.contains(document.activeElement)),
    )
    .toBe(false);
});

test.describe('presentation at 1280x720 with browser zoom 150%', () => {
  // Zoom 150% of a 1280x720 window leaves a CSS viewport of 853x480 at 1.5 device pixels per pixel.
  test.use({ viewport: { width: 853, height: 480 }, deviceScaleFactor: 1.5 });

  test('keeps command and diff side by side, both visible, with larger text', async ({
    playground,
    page,
  }, testInfo) => {
    await playground.open();
    const editor = playground.editor;
    const before = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
    await page.getByTestId('presentation-toggle').click();
    await expect(page.getByTestId('presentation-toggle')).toHaveAttribute('aria-pressed', 'true');
    expect(page.url()).toContain('present=1');
    await expect
      .poll(() => page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize)))
      .toBeGreaterThan(before * 1.25);
    await expect(editor).toBeInViewport();
    await expect(playground.diff).toBeInViewport();
    const e = (await editor.boundingBox())!;
    const d = (await page.getByTestId('diff-pane').boundingBox())!;
    expect(d.x).toBeGreaterThanOrEqual(e.x + e.width - 1); // beside, not below
    expect(d.y).toBeLessThan(e.y + e.height);
    expect(d.y + 40).toBeLessThan(480);
    await page.screenshot({ path: testInfo.outputPath('presentation-1280x720-zoom150.png') });
    // The URL parameter alone turns it on.
    await page.goto(page.url());
    await expect(page.getByTestId('presentation-toggle')).toHaveAttribute('aria-pressed', 'true');
  });
});

test('no blank diff while a command is typed character by character', async ({ playground, page }) => {
  await playground.open();
  await playground.setCommand('db.students.updateOne({_id: 1}, {$set: {name: "A"}})');
  await expect(playground.diff).toHaveAttribute('data-kind', 'preview');
  await expect(playground.diff.getByTestId('diff-changed').first()).toBeVisible();
  // Retype the whole command one key at a time; sample the diff pane after every key.
  await playground.setCommand('');
  await expect(page.getByTestId('stale-preview')).toBeVisible();
  const target = 'db.students.updateOne({_id: 2}, {$set: {name: "B"}})';
  const blanks: string[] = [];
  for (const ch of target) {
    await page.keyboard.insertText(ch);
    const text = await playground.diff.innerText();
    if (/wrote nothing/.test(text) || text.trim() === '') blanks.push(`${ch}: ${text.slice(0, 60)}`);
    if (ch === '{') await page.waitForTimeout(300); // let previews of unfinished text arrive
  }
  expect(blanks).toEqual([]);
  await expect(page.getByTestId('stale-preview')).toHaveCount(0);
  await expect(playground.diff.locator('[data-testid="diff-document"][data-id="2"]')).toBeVisible();
});

test('an embed shows its title, the panes asked for, posts its height and resets to the link', async ({
  playground,
  page,
  baseURL,
}) => {
  await playground.open();
  await page.getByTestId('examples-button').click();
  await page.getByTestId('example.upsert-set-on-insert').click();
  await expect(playground.diff).toHaveAttribute('data-kind', 'preview');
  await page.getByTestId('share-button').click();
  await expect(page.getByTestId('share-url')).toHaveValue(/#s=/);
  const link = await page.getByTestId('share-url').inputValue();
  await expect(page.getByTestId('share-length')).toContainText(`${link.length.toLocaleString('en')} characters:`);
  const [base, fragment] = link.split('#');
  const embedLink = `${base}?embed=1&panes=editor,diff,result#${fragment}`;
  await page.setContent(
    `<body style="margin:0"><iframe id="lab" src="${embedLink}" width="1000" height="300" style="border:0"></iframe></body>`,
  );
  await page.evaluate(() => {
    const w = window as unknown as { heights: number[] };
    w.heights = [];
    window.addEventListener('message', (e: MessageEvent<{ type?: string; height?: number }>) => {
      if (e.data?.type === 'upsert-lab:height' && typeof e.data.height === 'number') w.heights.push(e.data.height);
    });
  });
  const frame = page.frameLocator('#lab');
  await expect(frame.getByTestId('engine-status')).toHaveAttribute('data-state', 'ready');
  await expect(frame.getByTestId('embed-title')).toContainText('Set fields only when inserting');
  await expect(frame.getByTestId('result-pane')).toBeVisible();
  await expect(frame.getByTestId('diff-pane')).toBeVisible();
  await expect(frame.getByTestId('oplog-pane')).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { heights: number[] }).heights.at(-1) ?? 0))
    .toBeGreaterThan(300);

  await frame.getByTestId('run-button').click();
  await expect(frame.getByTestId('result-kind')).toContainText('committed');
  await frame.getByTestId('embed-reset').click();
  await expect(frame.getByTestId('result-kind')).toContainText('preview');
  await expect(frame.getByTestId('diff-pane')).toHaveAttribute('data-kind', 'preview');
  expect(baseURL).toBeDefined();
});
