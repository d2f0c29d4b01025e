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
  await expect(playground.collections.getByTestId('collection-shard-key')).toContainText('{"region":1}');
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

test('a standalone refuses transactions and w: 3, and its oplog tab says why it is empty', async ({
  playground,
  page,
}) => {
  await playground.open();
  await expect(page.getByTestId('deployment-select')).toHaveValue('replicaset');
  await page.getByTestId('deployment-select').selectOption('standalone');
  await expect(page.getByTestId('deployment-select')).toHaveValue('standalone');
  await playground.setCommand(
    'const session = db.getMongo().startSession()\nsession.startTransaction()\nsession.getDatabase("test").students.updateOne({_id: 1}, {$set: {x: 1}})',
  );
  await playground.run();
  const error = playground.result.getByTestId('error-pane');
  await expect(error).toContainText('code 20');
  await expect(error).toContainText('Transaction numbers are only allowed on a replica set member or mongos');
  await playground.setCommand('db.students.updateOne({_id: 1}, {$set: {x: 1}}, {writeConcern: {w: 3}})');
  await playground.run();
  await expect(playground.result.getByTestId('error-pane')).toContainText('code 2');
  await expect(playground.result.getByTestId('error-pane')).toContainText(
    "cannot use 'w' > 1 when a host is not replicated",
  );
  await playground.setCommand('db.students.updateOne({_id: 1}, {$set: {x: 2}})');
  await playground.run();
  const oplog = await playground.oplog();
  await expect(oplog.getByTestId('oplog-standalone')).toContainText('A standalone server keeps no oplog');
  await expect(oplog.getByTestId('oplog-entry')).toHaveCount(0);
});

test('a typo in an operator: the marker covers $icn only and the error suggests $inc', async ({ playground, page }) => {
  await playground.open();
  const command = 'db.students.updateOne({_id: 1}, {$icn: {age: 1}})';
  await playground.setCommand(command);
  const marker = page.getByTestId('editor-marker');
  const column = command.indexOf('$icn') + 1;
  await expect(marker).toHaveAttribute('data-column', String(column));
  await expect(marker).toHaveAttribute('data-end-column', String(column + '$icn'.length));
  await expect(marker).toHaveAttribute('data-end-line', '1');
  await expect(marker).toContainText('Did you mean $inc?');
  const error = playground.result.getByTestId('error-pane');
  await expect(error.getByTestId('error-suggestion')).toHaveText('Did you mean $inc?');
  await expect(error.getByTestId('error-help')).toContainText('$icn is not an update operator');
  await expect(error).not.toContainText('arrayFilters');
});

test('upsertRace is labelled a simulation of two clients and names both operations', async ({ playground, page }) => {
  await playground.open();
  await page.getByTestId('examples-button').click();
  await page.getByTestId('example.upsert-race-retried').click();
  await playground.run();
  const headers = playground.diff.getByTestId('diff-statement');
  await expect(headers).toHaveCount(2);
  await expect(headers.nth(0)).toContainText(
    'simulated client 1: updateOne({"k":1}, {"$inc":{"n":1}}, {"upsert":true})',
  );
  await expect(headers.nth(1)).toContainText('simulated client 2: updateOne(');
  await expect(playground.diff).not.toContainText('upsertRace #');
  await expect(playground.diff.getByTestId('diff-simulation').first()).toContainText('simulation of two clients');
  await expect(playground.result.getByTestId('sent-simulation')).toContainText('not a MongoDB command');
});

test('an ordered bulk shows the statement that did not run; a write concern error is a badge on a done write', async ({
  playground,
  page,
}) => {
  await playground.open();
  await page.getByTestId('examples-button').click();
  await page.getByTestId('example.bulk-ordered').click();
  await playground.run();
  await expect(playground.diff.getByTestId('diff-not-run')).toContainText('Did not run');
  await page.getByTestId('examples-button').click();
  await page.getByTestId('example.write-concern-timeout').click();
  await playground.run();
  const badge = playground.diff.getByTestId('diff-write-concern-error');
  await expect(badge).toContainText('writeConcernError');
  await expect(badge).toContainText('(64)');
  await expect(badge).toContainText('provenance');
  await expect(playground.diff.locator('.change-card.changed')).toHaveCount(1);
});

test('a collation the engine only approximates shows a note on that statement, one it reproduces shows none', async ({
  playground,
}) => {
  await playground.open();
  await playground.setCommand(
    'db.students.updateMany({name: "x"}, {$set: {seen: 1}}, {collation: {locale: "sv", backwards: true}})',
  );
  await playground.run();
  const note = playground.diff.getByTestId('diff-fidelity-note');
  await expect(note).toContainText('Approximation:');
  await expect(note).toContainText('backwards (French secondary order) is not applied');
  await playground.setCommand(
    'db.students.updateMany({name: "x"}, {$set: {seen: 1}}, {collation: {locale: "en", alternate: "shifted", maxVariable: "space", strength: 4}})',
  );
  await playground.run();
  await expect(playground.diff.getByTestId('diff-statement').first()).toBeVisible();
  await expect(playground.diff.getByTestId('diff-fidelity-note')).toHaveCount(0);
});
