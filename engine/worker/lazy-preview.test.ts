/**
 * A preview keeps its oplog entries and its documents' oplog `o` unbuilt until a page of them is
 * read (after the dry run's rollback). Guard: what is built then equals what the same script
 * writes when it runs for real and is read at once, and a card's `o` is its entry's `o` (one
 * document, not two equal copies: also when the oplog keeps a run of top-level updates as one
 * record, catalog/oplog-update-batch.ts, and whichever of the two is read first).
 */
import { describe, expect, it } from 'vitest';
import { binaryEqual } from '../bson/compare.js';
import { Engine } from '../index.js';
import { recordPlaygroundScript, runSetup } from './playground.js';
import { loadEngineShell } from './shell-runner.js';

const DOCS = Array.from(
  { length: 60 },
  (_, i) => `{"_id": ${i}, "n": ${i % 7}, "a": {"b": [${i % 3}, ${i % 5}]}, "tags": ["x", "y"]}`,
);

const SCRIPT = [
  'db.c.updateMany({n: {$lt: 4}}, {$set: {"a.b.$[e]": 0}, $inc: {n: 10}}, {arrayFilters: [{e: {$gte: 2}}]})',
  'db.c.updateMany({}, [{$set: {total: {$add: ["$n", 1]}}}])',
  'db.c.updateMany({}, {$inc: {n: 1}, $set: {seen: true}})',
  'db.c.updateOne({_id: 3}, {tags: ["z"]})',
  'db.c.updateOne({_id: 500}, {$set: {x: 1}}, {upsert: true})',
  'db.c.updateMany({n: 6}, {$unset: {tags: 1}, $push: {"a.b": 9}})',
].join('\n');

function engineWithDocs(): Engine {
  const engine = new Engine({ topology: 'replicaset' });
  expect(runSetup(engine, 'test', true, [`{"insert": "c", "documents": [${DOCS.join(',')}]}`])).toBeUndefined();
  return engine;
}

describe('a preview builds its oplog parts only when read', () => {
  it('reads, after its rollback, the entries a real run of the same script writes', async () => {
    const shell = await loadEngineShell();
    const preview = engineWithDocs();
    const dry = recordPlaygroundScript(preview, shell, 'test', SCRIPT, true);
    const real = engineWithDocs();
    const before = real.oplogEntries().length;
    recordPlaygroundScript(real, shell, 'test', SCRIPT, false);
    const written = real.oplogEntries().slice(before);
    expect(dry.oplog.length).toBe(written.length);
    expect(written.length).toBeGreaterThan(60);
    for (let i = 0; i < written.length; i++) {
      const entry = dry.oplog.at(i)!;
      // Everything but the times (two engines, two clocks).
      for (const field of ['op', 'ns', 'o', 'o2']) {
        const a = entry.get(field);
        const b = written[i]!.get(field);
        expect(a === undefined ? b === undefined : b !== undefined && binaryEqual(a, b)).toBe(true);
      }
    }
    expect(preview.oplogEntries().length).toBe(before);
  });

  it("gives each written document's change the `o` of its own oplog entry, whichever is read first", async () => {
    const shell = await loadEngineShell();
    for (const entriesFirst of [true, false]) {
      const dry = recordPlaygroundScript(engineWithDocs(), shell, 'test', SCRIPT, true);
      const changes = dry.commands.flatMap((c) =>
        c.statements.flatMap((s) => s.changes.flatMap((ch) => (ch.detail && !ch.detail.noop ? [ch.detail] : []))),
      );
      const readEntries = () =>
        Array.from({ length: dry.oplog.length }, (_, i) => dry.oplog.at(i)!).filter((e) => e.get('op') === 'u');
      const changeOs = entriesFirst ? [] : changes.map((change) => change.oplog);
      const updates = readEntries();
      expect(changes.length).toBe(updates.length);
      expect(updates.length).toBeGreaterThan(120);
      changes.forEach((change, i) => {
        if (!entriesFirst) expect(changeOs[i]).toBe(change.oplog);
        expect(change.oplog).toBe(updates[i]!.get('o'));
      });
    }
  });
});
