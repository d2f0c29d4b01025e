import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Binary, BSONRegExp, Decimal128, Int32, Long, MaxKey, MinKey, ObjectId, Timestamp } from 'bson';
import { describe, expect, it } from 'vitest';
import { stringifyEJSON } from '../../engine/bson/ejson.js';
import { dateFromMillis } from '../../engine/bson/dates.js';
import type { Doc, Value } from '../../engine/bson/values.js';
import { ManualClock } from '../../engine/catalog/clock.js';
import { Engine } from '../../engine/engine.js';
import { runShellScript } from '../../engine/shell/index.js';
import { loadScenarioGallery } from '../scenarios/load.js';
import { classifyRun } from '../scenarios/outcome.js';
import { runScenario } from '../scenarios/run.js';
import { loadScenarioIntoEngine } from '../scenarios/setup.js';
import { scenarioToShareState } from '../share/from-scenario.js';
import type { ShareState } from '../share/state.js';
import { collectionAccessor, exportMongoshScript, ExportError } from './script.js';
import { toMongoshLiteral } from './mongosh-literal.js';

const gallery = loadScenarioGallery(
  readFileSync(fileURLToPath(new URL('../../public/examples/scenarios.json', import.meta.url)), 'utf8'),
);

function freshEngine(): Engine {
  let n = 0;
  return new Engine({
    clock: new ManualClock(new Date('2026-01-15T09:30:00Z')),
    newObjectId: () => new ObjectId((++n).toString(16).padStart(24, '0')),
  });
}

function firstBatch(reply: Doc): Doc[] {
  const cursor = reply.get('cursor') as Doc;
  return cursor.get('firstBatch') as Doc[];
}

/** Everything that defines a database's collections: names, options, indexes and documents. */
function fingerprint(engine: Engine, db: string): string {
  const colls = firstBatch(engine.runCommand(db, new Map<string, Value>([['listCollections', new Int32(1)]])))
    .map((c) => {
      const name = c.get('name') as string;
      const options = c.get('options') as Doc;
      const indexes = firstBatch(engine.runCommand(db, new Map<string, Value>([['listIndexes', name]])));
      return {
        name,
        options: stringifyEJSON(options),
        indexes: stringifyEJSON(indexes),
        docs: stringifyEJSON(engine.documents(db, name)),
      };
    })
    .sort((a, b) => (a.name < b.name ? -1 : 1));
  return JSON.stringify(colls, null, 1);
}

function runExport(state: ShareState, includeCommand: boolean): Engine {
  const engine = freshEngine();
  // The script runs where its header says: on a cluster (mongos) for a sharded state.
  if (state.deployment === 'sharded') {
    engine.runCommand(
      'admin',
      new Map<string, Value>([
        ['configureDeployment', 1],
        ['topology', 'sharded'],
      ]),
    );
  }
  const results = runShellScript(engine, exportMongoshScript(state, { includeCommand }));
  const setupResults = includeCommand ? results.slice(0, -1) : results;
  for (const r of setupResults) expect(r.output.kind, `${r.source}`).not.toBe('error');
  return engine;
}

describe('exportMongoshScript', () => {
  it('recreates every scenario’s collections (options, indexes, documents with types)', () => {
    for (const s of gallery.scenarios) {
      const expected = freshEngine();
      loadScenarioIntoEngine(expected, s);
      const actual = runExport(scenarioToShareState(s), false);
      expect(fingerprint(actual, s.database), s.id).toBe(fingerprint(expected, s.database));
    }
  });

  it('then runs the command to the same end state and outcome as the playground', () => {
    for (const s of gallery.scenarios.filter((x) => x.deployment === 'standalone')) {
      const expected = freshEngine();
      const run = runScenario(expected, s);
      const engine = freshEngine();
      const results = runShellScript(engine, exportMongoshScript(scenarioToShareState(s)));
      const commandResults = results.slice(-run.results.length);
      expect(classifyRun(commandResults).outcome, s.id).toBe(run.outcome.outcome);
      expect(fingerprint(engine, s.database), s.id).toBe(fingerprint(expected, s.database));
    }
  });

  it('writes the expected script text', () => {
    const state: ShareState = {
      v: 1,
      database: 'school',
      collections: [
        {
          name: 'my-grades',
          documents: '[{"_id": 1, "w": 21.0, "n": {"$numberLong": "5"}, "d": {"$date": "2020-01-01T00:00:00Z"}}]',
          options: '{"collation": {"locale": "fr", "strength": 1}}',
          indexes: [{ key: { w: 1 }, name: 'w_1', unique: true }],
        },
      ],
      command: 'db.getCollection("my-grades").updateOne({_id: 1}, {$inc: {n: 1}})\n',
      deployment: 'replicaset',
    };
    expect(exportMongoshScript(state)).toBe(
      [
        '// Exported from Upsert Lab. Run it in mongosh connected to a TEST deployment:',
        '// it drops and recreates the collections below in the database it selects.',
        '// It needs a replica set (the page simulated 3 members): the oplog, transactions and',
        '// write concerns above w: 1 exist only there. Connect mongosh to the primary.',
        '',
        'db = db.getSiblingDB("school");',
        '',
        'db.getCollection("my-grades").drop();',
        'db.createCollection("my-grades", {collation: {locale: "fr", strength: 1}});',
        'db.getCollection("my-grades").createIndex({w: 1}, {name: "w_1", unique: true});',
        'db.getCollection("my-grades").insertMany([',
        '  {_id: 1, w: Double(21), n: NumberLong("5"), d: ISODate("2020-01-01T00:00:00.000Z")}',
        '], {bypassDocumentValidation: true});',
        '',
        '// The command',
        'db.getCollection("my-grades").updateOne({_id: 1}, {$inc: {n: 1}})',
        '',
      ].join('\n'),
    );
  });

  it('splits large collections into batches and warns about integer-like field names', () => {
    const docs = Array.from({ length: 5 }, (_, i) => ({ _id: i, '10': 'x' }));
    const script = exportMongoshScript(
      { v: 1, collections: [{ name: 'c', documents: docs }], command: '' },
      { batchSize: 2 },
    );
    expect(script.match(/insertMany/g)).toHaveLength(3);
    expect(script).toContain('lists them first');
    expect(script).not.toContain('// The command');
  });

  it('reports a collection whose documents do not parse', () => {
    expect(() => exportMongoshScript({ v: 1, collections: [{ name: 'c', documents: '[{oops' }], command: '' })).toThrow(
      ExportError,
    );
    expect(() =>
      exportMongoshScript({ v: 1, collections: [{ name: 'c', documents: '{"a": 1}' }], command: '' }),
    ).toThrow(/array of documents/);
  });

  it('names every collection through db.getCollection and an escaped string literal', () => {
    expect(collectionAccessor('inventory')).toBe('db.getCollection("inventory")');
    expect(collectionAccessor('getName')).toBe('db.getCollection("getName")');
    expect(collectionAccessor('a\u2028b')).toBe('db.getCollection("a\\u2028b")');
    expect(collectionAccessor('_tmp')).toBe('db.getCollection("_tmp")');
  });
});

describe('toMongoshLiteral', () => {
  it('refuses a date beyond the JavaScript Date range instead of writing a different value', () => {
    const wide = dateFromMillis(9223372036854775807n);
    expect(() => toMongoshLiteral(new Map<string, Value>([['d', wide]]))).toThrow(ExportError);
    expect(() => toMongoshLiteral(wide)).toThrow(/9223372036854775807 ms since 1970/);
    // The largest date a JS Date holds is still written, exactly.
    expect(toMongoshLiteral(dateFromMillis(8.64e15))).toBe('new Date(8640000000000000)');
  });

  it('evaluates back to the same value and BSON type for every type', () => {
    const value: Doc = new Map<string, Value>([
      ['_id', new ObjectId('0123456789abcdef01234567')],
      ['i', new Int32(-7)],
      ['d', 21],
      ['f', 2.5],
      ['nz', -0],
      ['nan', Number.NaN],
      ['inf', -Infinity],
      ['big', 1e300],
      ['l', Long.fromString('9223372036854775807')],
      ['dec', Decimal128.fromString('4.990')],
      ['s', 'quote " \' \\ \n \u2028 café 😀'],
      ['b', true],
      ['n', null],
      ['date', new Date('2020-02-29T12:34:56.789Z')],
      ['oldDate', new Date(-62198755200000 - 86400000)],
      ['ts', new Timestamp({ t: 5, i: 2 })],
      ['uuid', new Binary(Buffer.from('0123456789abcdef0123456789abcdef', 'hex'), 4)],
      ['bin', new Binary(Buffer.from([1, 2, 3]), 0)],
      ['re', new BSONRegExp('a.b', 'im')],
      ['min', new MinKey()],
      ['max', new MaxKey()],
      [
        'nested',
        new Map<string, Value>([
          ['a b', [new Int32(1), [2.5, new Map()]]],
          ['$x', 'y'],
        ]),
      ],
    ]);
    const engine = new Engine();
    const results = runShellScript(engine, `db.t.insertOne(${toMongoshLiteral(value)})`);
    expect(results[0]?.output.kind).toBe('result');
    expect(stringifyEJSON(engine.documents('test', 't'))).toBe(stringifyEJSON([value]));
  });
});
