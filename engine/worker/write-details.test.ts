import { describe, expect, test } from 'vitest';
import { ManualClock } from '../catalog/clock.js';
import { Engine } from '../engine.js';
import { runWriteWithDetails } from './write-details.js';
import { d, ej } from '../commands/update/test-support.js';

function engine(): Engine {
  const e = new Engine({ clock: new ManualClock(new Date('2024-01-01T00:00:00.000Z')) });
  e.runCommand('test', d('{"insert": "c", "documents": [{"_id": 1, "v": 1}]}'));
  return e;
}

describe('runWriteWithDetails (playground entry point)', () => {
  test('findAndModify dry run: reply and details, nothing committed', () => {
    const e = engine();
    const oplog = e.oplogEntries().length;
    const r = runWriteWithDetails(
      e,
      'test',
      d('{"findAndModify": "c", "query": {"_id": 1}, "update": {"$inc": {"v": 1}}, "new": true}'),
      {
        dryRun: true,
      },
    );
    expect(ej(r.reply)).toBe('{"lastErrorObject":{"n":1,"updatedExisting":true},"value":{"_id":1,"v":2},"ok":1.0}');
    expect(r.statements[0]!.documents[0]!.modifiedPaths).toEqual(['v']);
    expect(ej(e.documents('test', 'c'))).toBe('[{"_id":1,"v":1}]');
    expect(e.oplogEntries()).toHaveLength(oplog);
  });

  test('bulkWrite commits and reports its update ops', () => {
    const e = engine();
    const r = runWriteWithDetails(
      e,
      'admin',
      d(
        '{"bulkWrite": 1, "ops": [{"update": 0, "filter": {"_id": 1}, "updateMods": {"$set": {"w": 1}}}], "nsInfo": [{"ns": "test.c"}]}',
      ),
    );
    expect(r.statements).toHaveLength(1);
    expect(ej(e.documents('test', 'c'))).toBe('[{"_id":1,"v":1,"w":1}]');
  });

  test('upsertRace returns both replies and the race outcome', () => {
    const e = engine();
    const r = runWriteWithDetails(
      e,
      'test',
      d(
        '{"upsertRace": "c", "first": {"q": {"_id": 5}, "u": {"$inc": {"n": 1}}, "upsert": true}, "second": {"q": {"_id": 5}, "u": {"$inc": {"n": 1}}, "upsert": true}}',
      ),
      { dryRun: true },
    );
    expect(r.race?.secondOutcome).toBe('retriedAsUpdate');
    expect(r.statements).toHaveLength(2);
    expect(ej(e.documents('test', 'c'))).toBe('[{"_id":1,"v":1}]');
  });

  test('other commands go through runCommand', () => {
    const e = engine();
    expect(ej(runWriteWithDetails(e, 'test', d('{"ping": 1}')).reply)).toBe('{"ok":1.0}');
  });
});
