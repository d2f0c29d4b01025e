/** The playground's flows, in a real Chromium against the production build. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.js';

test('loads an example from the gallery and runs it', async ({ playground, page }, testInfo) => {
  await playground.open();
  await page.getByTestId('examples-button').click();
  await expect(page.getByTestId('examples-dialog')).toBeVisible();
  await page.getByTestId('example.upsert-set-on-insert').click();
  await expect(page.getByTestId('examples-dialog')).toHaveCount(0);
  await expect(playground.diff).toHaveAttribute('data-kind', 'preview');
  await playground.run();
  await expect(playground.diff.getByTestId('diff-upsert')).toBeVisible();
  await expect(playground.diff.getByTestId('field-origin').first()).toBeVisible();
  await expect(playground.result).toContainText('upsertedCount: 1');
  await page.screenshot({ path: testInfo.outputPath('example-run.png'), animations: 'disabled' });
});

test('edits a document and shows the change', async ({ playground, page }) => {
  await playground.open();
  await page.getByTestId('collection-tab.students').click();
  const first = playground.documents.first();
  await first.hover();
  await first.getByTestId('edit-document').click();
  const editor = page.getByTestId('document-editor');
  const text = await editor.inputValue();
  await editor.fill(text.replace('"Ada"', '"Ada Lovelace"'));
  await page.getByTestId('save-document').click();
  await expect(playground.documents.first()).toContainText('"Ada Lovelace"');

  // Invalid text is refused with the parser's message, placed in the edited document.
  await playground.documents.first().hover();
  await playground.documents.first().getByTestId('edit-document').click();
  await page.getByTestId('document-editor').fill('{"_id": 1, "x": }');
  await page.getByTestId('save-document').click();
  await expect(page.getByTestId('document-error')).toContainText("Line 1, column 17: Unexpected token '}'");
});

test('highlights the elements an arrayFilters identifier matched and shows the oplog entry', async ({
  playground,
  page,
}, testInfo) => {
  await playground.open();
  await playground.setCommand(
    'db.students.updateOne({_id: 3}, {$inc: {"grades.$[big]": NumberLong(1)}}, {arrayFilters: [{big: {$gte: 100}}]})',
  );
  await playground.waitForPreview();
  const matches = playground.diff.locator('[data-testid="array-filter-match"][data-identifier="big"]');
  // Before: 110 and 100 matched; after: both changed.
  await expect(matches).toHaveCount(4);
  await expect(playground.diff.getByTestId('array-filter-legend')).toContainText('$[big]');
  // The editor colours the identifier's uses and its filter key like the legend.
  await expect(playground.editor.locator('.af-text-c0')).toHaveCount(2);
  await expect(playground.diff.getByTestId('diff-changed').first()).toContainText('int → long');
  await playground.run();
  const oplog = await playground.oplog();
  await expect(oplog.getByTestId('oplog-entry')).toHaveCount(1);
  await expect(oplog.getByTestId('oplog-entry')).toContainText('update test.students _id 3 with a $v:2 delta');
  await oplog.getByTestId('oplog-show-diff').click();
  await expect(playground.diff.locator('[data-testid="diff-document"][data-id="3"]')).toHaveClass(/linked/);
  await page.screenshot({ path: testInfo.outputPath('array-filters.png'), animations: 'disabled' });
});

test('an error shows its code, explanation and a marker in the editor', async ({ playground, page }, testInfo) => {
  await playground.open();
  await playground.setCommand('db.students.updateOne({_id: 1}, {$set: {"grades.$[x]": 0}})');
  const error = playground.result.getByTestId('error-pane');
  await expect(error).toContainText('code 2');
  await expect(error.locator('.error-explanation')).toContainText('arrayFilters');
  await expect(page.getByTestId('editor-marker')).toContainText('Line 1');
  await expect(page.locator('.squiggly-error')).not.toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('error.png'), animations: 'disabled' });
});

test('a share link restores the state in a new page', async ({ playground, page, context }) => {
  await playground.open();
  await playground.setCommand(
    'db.cafe.updateMany({category: "cafe"}, {$set: {seen: true}}, {collation: {locale: "fr", strength: 1}})',
  );
  await page.getByTestId('collection-tab.cafe').click();
  await page.getByTestId('share-button').click();
  const url = page.getByTestId('share-url');
  await expect(url).toHaveValue(/#s=/);
  const link = await url.inputValue();
  await expect(page.getByTestId('export-script')).toContainText('db.getCollection("cafe").insertMany');

  const other = new (await import('./fixtures.js')).Playground(await context.browser()!.newPage());
  await other.open(link);
  expect(await other.command()).toContain('strength: 1');
  await other.page.getByTestId('collection-tab.cafe').click();
  await expect(other.documents).toHaveCount(3);
  await other.run();
  await expect(other.result).toContainText('modifiedCount: 3');
  await other.page.close();
});

test('embed mode shows only the editor and the diff, read-only on request', async ({ playground, page }) => {
  await playground.open('/?embed=1');
  await expect(page.getByTestId('collection-pane')).toHaveCount(0);
  await expect(playground.diff).toBeVisible();
  await expect(page.getByTestId('run-button')).toBeVisible();
  await playground.open('/?embed=1&readonly=1');
  await expect(page.getByTestId('run-button')).toHaveCount(0);
  await expect(playground.diff).toHaveAttribute('data-kind', 'preview');
});

test('reload keeps the command and the collections; undo reverts a run', async ({ playground, page }) => {
  await playground.open();
  await page.getByTestId('collection-tab.students').click();
  await expect(playground.documents.first()).toContainText('[ 95, 92, 90 ]');
  await playground.run();
  await expect(playground.documents.first()).toContainText('[ 95, 95, 95 ]');
  await playground.setCommand('db.students.find()');
  await page.reload();
  await expect(page.getByTestId('engine-status')).toHaveAttribute('data-state', 'ready');
  expect(await playground.command()).toBe('db.students.find()');
  await expect(playground.documents.first()).toContainText('[ 95, 95, 95 ]');
  // History is not persisted across reloads; undo within a session:
  await playground.setCommand('db.students.updateOne({_id: 1}, {$set: {name: "Changed"}})');
  await playground.run();
  await expect(playground.documents.first()).toContainText('"Changed"');
  await page.getByTestId('undo-button').click();
  await expect(playground.documents.first()).toContainText('"Ada"');
  await page.getByTestId('redo-button').click();
  await expect(playground.documents.first()).toContainText('"Changed"');
});

test('follows a dark system theme', async ({ playground, page }, testInfo) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await playground.open();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await playground.waitForPreview();
  // The starter matches three students; two stay unchanged and are shown collapsed.
  await expect(playground.diff.getByTestId('diff-document')).toHaveCount(3);
  await expect(playground.diff.getByTestId('diff-unchanged')).toHaveCount(2);
  await page.screenshot({ path: testInfo.outputPath('dark.png'), animations: 'disabled' });
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('has no serious or critical accessibility violations', async ({ playground, page }) => {
  // Without motion: a card fading in would be measured at partial opacity.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await playground.open();
  await playground.waitForPreview();
  const results = await new AxeBuilder({ page }).exclude('.monaco-editor').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('narrow screens get a plain editor and a single column', async ({ playground, page }, testInfo) => {
  await page.setViewportSize({ width: 400, height: 860 });
  await playground.open();
  await expect(playground.editor).toHaveAttribute('data-editor', 'textarea');
  await playground.setCommand('db.inventory.updateOne({item: "journal"}, {$set: {qty: 30}})');
  await playground.waitForPreview();
  await playground.run();
  await expect(playground.diff.getByTestId('diff-changed')).not.toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('narrow.png'), fullPage: true, animations: 'disabled' });
});

test('imports many documents and windows a long diff', async ({ playground, page }) => {
  await playground.open();
  await page.getByTestId('new-collection').click();
  await page.getByTestId('new-collection-name').fill('many');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('collection-tab.many')).toBeVisible();
  await page.getByTestId('import-documents').click();
  const lines = Array.from({ length: 300 }, (_, i) => `{"_id": ${i}, "n": ${i}}`).join('\n');
  await page.getByTestId('import-text').fill(lines);
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('collection-tab.many')).toContainText('300');
  await playground.setCommand('db.many.updateMany({}, {$inc: {n: 1}})');
  await playground.run();
  const cards = playground.diff.getByTestId('diff-document');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeLessThan(100);
  await playground.diff.evaluate((el) => {
    el.scrollTop = el.scrollHeight;
    el.dispatchEvent(new Event('scroll'));
  });
  await expect(playground.diff.locator('[data-testid="diff-document"][data-id="299"]')).toBeVisible();
  // Reset everything goes back to the starter example.
  page.once('dialog', (d) => void d.accept());
  await page.getByTestId('reset-everything').click();
  await expect(page.getByTestId('collection-tab.many')).toHaveCount(0);
});

test('the editor completes field paths and explains operators on hover', async ({ playground, page }) => {
  await playground.open();
  await page.getByTestId('collection-tab.students').click();
  await playground.setCommand('db.students.updateOne({_id: 1}, {$set: {sco');
  await page.keyboard.press('Control+Space');
  const suggest = page.locator('.suggest-widget');
  await expect(suggest).toBeVisible();
  await expect(suggest).toContainText('scores.grade');
  await page.keyboard.press('Escape');
  await playground.setCommand('db.students.updateOne({_id: 1}, {$inc: {n: 1}})');
  // Monaco re-renders its lines while the preview updates, so the token can be replaced between
  // finding it and measuring it: retry the measurement and the hover together.
  const token = playground.editor.getByText('$inc');
  const hover = page.locator('.monaco-hover').filter({ hasText: 'Adds a number to a field' }).first();
  await expect(async () => {
    const box = await token.boundingBox();
    if (box === null) throw new Error('no $inc token in the editor yet');
    // Monaco shows hovers after a few mouse moves over the word.
    for (const dx of [4, 8, 12]) await page.mouse.move(box.x + dx, box.y + box.height / 2);
    await expect(hover).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
});

test('deployments: a sharded scenario and the replica set switch', async ({ playground, page }) => {
  await playground.open();
  await page.getByTestId('examples-button').click();
  await page.getByTestId('example.sharded-upsert-needs-shard-key').click();
  await expect(page.getByTestId('deployment-select')).toHaveValue('sharded');
  await expect(playground.result.getByTestId('error-pane')).toContainText('code 61');
  await page.getByTestId('examples-button').click();
  await page.getByTestId('example.write-concern-timeout').click();
  await expect(page.getByTestId('deployment-select')).toHaveValue('replicaset');
  await expect(playground.result).toContainText('64');
  await page.getByTestId('deployment-select').selectOption('standalone');
  await expect(page.getByTestId('deployment-select')).toHaveValue('standalone');
  await page.getByTestId('deployment-select').selectOption('replicaset');
  await playground.setCommand('db.inventory.updateOne({_id: 1}, {$set: {x: 1}})');
  await playground.run();
  await expect(playground.result.getByTestId('sent-command').first()).toContainText('electionId');
  // With every member down there is no primary: the write fails with HostNotFound (7).
  await page.getByTestId('members-button').click();
  for (const i of [0, 1, 2]) await page.getByTestId(`member-${i}`).uncheck();
  await expect(page.getByTestId('members-button')).toContainText('0/3 up');
  await expect(playground.result.getByTestId('error-pane')).toContainText('code 7');
});

test('authorization: an unauthenticated upsert is refused with code 13', async ({ playground, page }) => {
  await playground.open();
  const toggle = page.getByRole('switch', { name: 'Authorization' });
  await expect(toggle).not.toBeChecked();
  // Keyboard: focus the switch and press Space.
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).toBeChecked();
  await expect(page.locator('#auth-help')).toContainText('unauthenticated');
  await playground.setCommand('db.students.updateOne({_id: 99}, {$set: {x: 1}}, {upsert: true})');
  const error = playground.result.getByTestId('error-pane');
  await expect(error).toContainText('code 13');
  await expect(error).toContainText('command update requires authentication');
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(error).toHaveCount(0);
});

test('diff cards name the script line that sent them; the result links to them', async ({ playground, page }) => {
  await playground.open();
  await playground.setCommand(
    '// two statements\ndb.students.updateOne({_id: 1}, {$set: {late: true}})\ndb.students.updateOne({_id: 99}, {$set: {x: 1}}, {upsert: true})',
  );
  await playground.waitForPreview();
  const headers = playground.diff.getByTestId('diff-statement');
  await expect(headers).toHaveCount(2);
  await expect(headers.nth(0)).toContainText('line 2');
  await expect(headers.nth(0)).toContainText('db.students.updateOne({_id: 1}, {$set: {late: true}})');
  await expect(headers.nth(1)).toContainText('line 3');
  const links = playground.result.getByTestId('show-diff');
  await expect(links).toHaveCount(2);
  await expect(links.nth(1)).toContainText('1 document in Diff');
  await links.nth(1).click();
  await expect(page.getByTestId('tab.diff')).toHaveAttribute('aria-selected', 'true');
  await expect(headers.nth(1)).toBeFocused();
});

test('a preview pauses before commands it could not undo', async ({ playground }) => {
  await playground.open();
  await playground.setCommand(
    'db.students.updateOne({_id: 1}, {$set: {late: true}})\ndb.createUser({user: "ada", pwd: "pw", roles: []})',
  );
  await playground.waitForPreview();
  const paused = playground.result.getByTestId('preview-paused');
  await expect(paused).toContainText('Preview paused before createUser on line 2');
  await expect(playground.diff.getByTestId('diff-statement')).toHaveCount(1);
  await playground.run();
  await expect(paused).toHaveCount(0);
  await expect(playground.result.getByTestId('result-statement')).toHaveCount(2);
});
