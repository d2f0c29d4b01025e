/**
 * Harness for the ports of MongoDB's `src/mongo/db/update/*_test.cpp`: one C++ case (an update
 * spec applied to one input document) runs through the engine's real path — the `update` command
 * on a 3-member replica set — and comes back as what the C++ test asserts:
 *
 * - `doc`: the stored document as canonical Extended JSON (field order and BSON types visible);
 * - `nModified` (0 for the C++ `noop`), and `oplog`: the new oplog entry's `o` as canonical
 *   Extended JSON (`{"$v":2,"diff":…}` for an update, the document for an upsert insert), or null
 *   when nothing was logged (a no-op must log nothing);
 * - `modifiedPaths`: the engine's `DocumentChange.modifiedPaths` (the C++ `getModifiedPaths()`);
 *   a no-op reports none (the server's paths of a no-op change nothing: no write, no index key);
 * - `error`: the write error's code and message (`ASSERT_THROWS_CODE_AND_WHAT`).
 *
 * The C++ documents usually have no `_id`. The update command needs one, so a document without
 * `_id` is stored as `{_id: 0, …}` and `doc` leaves that `_id: 0` out again (unless the update
 * changed it); `_id` stays immutable as on the server, where the C++ node tests set no immutable
 * paths. Insert mode (`setInsert(true)`) is an upsert whose query seeds the document
 * (`{_id: 0, <each top-level field>: <its value>}`, equalities the server copies into the seed).
 * @internal
 */
import { Int32 } from 'bson';
import { parseEJSON, parseEJSONDoc, stringifyEJSON } from '../../bson/ejson.js';
import type { Doc, Value } from '../../bson/values.js';
import { isDoc } from '../../bson/values.js';
import type { Engine } from '../../engine.js';
import { runUpdateWithDetails } from '../../commands/update/command.js';
import { canon, testEngine } from '../../commands/testing.js';

export { canon };

export interface NodeCase {
  /** The input document (Extended JSON text). */
  readonly doc: string;
  /** The update (`u`): a modifier document, or a pipeline (Extended JSON text). */
  readonly update: string;
  /** `arrayFilters` (Extended JSON array text). */
  readonly arrayFilters?: string;
  /** The query (`q`); default `{_id: <the document's _id>}`. Positional `$` cases name the match here. */
  readonly query?: string;
  /** Insert mode: the document is the seed of an upsert on an empty collection. */
  readonly upsert?: boolean;
  /** The statement's `collation` (Extended JSON text). */
  readonly collation?: string;
  /** Key patterns of indexes built before the update (Extended JSON text each). */
  readonly indexes?: readonly string[];
  /** The statement's `c` constants of a pipeline update (Extended JSON text). */
  readonly constants?: string;
}

export interface NodeOutcome {
  /** The stored document after the update (canonical EJSON; the harness's `_id: 0` left out). */
  readonly doc: string;
  readonly nModified: number;
  /** The oplog entry's `o` (canonical EJSON), or null when no entry was written. */
  readonly oplog: string | null;
  /** The oplog entry's `op` (`u` or `i`), or null. */
  readonly op: string | null;
  /** The engine's modified paths for this document (upsert: of the inserted document). */
  readonly modifiedPaths: readonly string[];
  /**
   * Per index of `indexes`, the key tuples it holds after the update (canonical EJSON array of
   * arrays, index order): the observable side of the C++ `indexesAffected` — an index the update
   * affects must hold the new document's keys.
   */
  readonly indexKeys: readonly string[];
}

export interface NodeError {
  readonly code: number;
  readonly errmsg: string;
}

const NS_DB = 'test';
const NS_COLL = 'c';
const HARNESS_ID = 0;

function withId(doc: Doc): { stored: Doc; addedId: boolean } {
  if (doc.has('_id')) return { stored: doc, addedId: false };
  return { stored: new Map<string, Value>([['_id', new Int32(HARNESS_ID)], ...doc]), addedId: true };
}

function withoutHarnessId(doc: Doc, addedId: boolean): Doc {
  const id = doc.get('_id');
  if (!addedId || !(id instanceof Int32) || id.value !== HARNESS_ID) return doc;
  const out = new Map(doc);
  out.delete('_id');
  return out;
}

function statement(c: NodeCase, stored: Doc): Doc {
  const q = c.query !== undefined ? parseEJSONDoc(c.query) : c.upsert ? stored : new Map([['_id', stored.get('_id')!]]);
  const s: Doc = new Map<string, Value>([
    ['q', q],
    // A modifier document, or an aggregation pipeline (an array).
    ['u', parseEJSON(c.update)],
  ]);
  if (c.upsert) s.set('upsert', true);
  if (c.arrayFilters !== undefined) s.set('arrayFilters', parseEJSON(c.arrayFilters));
  if (c.collation !== undefined) s.set('collation', parseEJSONDoc(c.collation));
  if (c.constants !== undefined) s.set('c', parseEJSONDoc(c.constants));
  return s;
}

function writeError(reply: Doc): NodeError | null {
  const errors = reply.get('writeErrors');
  const first = Array.isArray(errors) ? errors[0] : undefined;
  const source = isDoc(first) ? first : reply.get('ok') !== 1 && Number(reply.get('ok')) !== 1 ? reply : null;
  if (source === null) return null;
  return { code: Number(source.get('code')), errmsg: String(source.get('errmsg')) };
}

/** Runs one case; returns the outcome or the error the statement failed with. */
export function runNodeCase(c: NodeCase): NodeOutcome | NodeError {
  const engine: Engine = testEngine({ topology: 'replicaset' });
  const { stored, addedId } = withId(parseEJSONDoc(c.doc));
  if (!c.upsert) {
    const inserted = engine.runCommand(
      NS_DB,
      new Map<string, Value>([
        ['insert', NS_COLL],
        ['documents', [stored]],
      ]),
    );
    if (inserted.get('writeErrors') !== undefined) throw new Error(`seed insert failed: ${stringifyEJSON(inserted)}`);
  } else {
    engine.runCommand(NS_DB, new Map<string, Value>([['create', NS_COLL]]));
  }
  const patterns = (c.indexes ?? []).map((p) => parseEJSONDoc(p));
  if (patterns.length > 0) {
    const built = engine.runCommand(
      NS_DB,
      new Map<string, Value>([
        ['createIndexes', NS_COLL],
        [
          'indexes',
          patterns.map(
            (key, i) =>
              new Map<string, Value>([
                ['key', key],
                ['name', `i${i}`],
              ]),
          ),
        ],
      ]),
    );
    if (built.get('ok') !== 1 && Number(built.get('ok')) !== 1)
      throw new Error(`createIndexes failed: ${stringifyEJSON(built)}`);
  }
  const oplogBefore = engine.oplogEntries().length;
  const command = new Map<string, Value>([
    ['update', NS_COLL],
    ['updates', [statement(c, stored)]],
  ]);
  // The playground's details channel gives the modified paths; the reply is the command's.
  const { reply, statements } = runUpdateWithDetails(engine, NS_DB, command);
  const error = writeError(reply);
  if (error !== null) return error;
  const after = engine.documents(NS_DB, NS_COLL);
  if (after.length !== 1) throw new Error(`expected one stored document, found ${after.length}`);
  const entries = engine.oplogEntries().slice(oplogBefore);
  if (entries.length > 1) throw new Error(`expected at most one oplog entry, found ${entries.length}`);
  const entry = entries[0];
  const detail = statements[0];
  const modifiedPaths = c.upsert ? (detail?.upsert?.modifiedPaths ?? []) : (detail?.documents[0]?.modifiedPaths ?? []);
  return {
    doc: stringifyEJSON(withoutHarnessId(after[0]!, addedId)),
    nModified: Number(reply.get('nModified')),
    oplog: entry === undefined ? null : stringifyEJSON(entry.get('o')!),
    op: entry === undefined ? null : String(entry.get('op')),
    modifiedPaths,
    indexKeys: patterns.map((_, i) => indexKeysOf(engine, `i${i}`)),
  };
}

function indexKeysOf(engine: Engine, name: string): string {
  const index = engine.catalog.getCollection(NS_DB, NS_COLL)?.indexes.find((x) => x.name === name);
  if (index === undefined) throw new Error(`no index ${name}`);
  return stringifyEJSON(index.entriesInOrder().map((e) => [...e.key]));
}

/** Applies a case that must succeed (throws with the error otherwise). */
export function applyNode(c: NodeCase): NodeOutcome {
  const out = runNodeCase(c);
  if ('code' in out) throw new Error(`expected success, got ${out.code}: ${out.errmsg}`);
  return out;
}

/** Applies a case that must fail; returns `code: errmsg` (ASSERT_THROWS_CODE_AND_WHAT). */
export function nodeError(c: NodeCase): string {
  const out = runNodeCase(c);
  if (!('code' in out)) throw new Error(`expected an error, got ${out.doc}`);
  return `${out.code}: ${out.errmsg}`;
}

/**
 * The outcome of a successful case as one comparable object: the document, the no-op decision
 * and the oplog `o`, each in canonical form (expected values are given as Extended JSON text).
 */
export function expectedOutcome(e: { doc: string; noop?: boolean; oplog?: string | null }): {
  doc: string;
  nModified: number;
  oplog: string | null;
} {
  const noop = e.noop ?? false;
  const oplog = noop || e.oplog === undefined || e.oplog === null ? null : canon(e.oplog);
  return { doc: canon(e.doc), nModified: noop ? 0 : 1, oplog };
}

/** The same three fields of an outcome. */
export function observed(o: NodeOutcome): { doc: string; nModified: number; oplog: string | null } {
  return { doc: o.doc, nModified: o.nModified, oplog: o.oplog };
}

/** How the update command words an error thrown while applying the update to a document. */
export const DURING_UPDATE = 'Plan executor error during update :: caused by :: ';

/** One successful C++ case as a table row: the case, and what the C++ test asserts of it. */
export interface NodeRow extends NodeCase {
  /** The C++ TEST/TEST_F names the row comes from. */
  readonly from: string;
  /** The resulting document (Extended JSON text; without the harness's `_id: 0`). */
  readonly result: string;
  readonly noop?: boolean;
  /** The oplog `o` (`{"$v": 2, "diff": …}`, or the inserted document for an upsert). */
  readonly oplog?: string;
  /**
   * The modified paths (asserted when the update is not a no-op), compared as a set: the C++
   * `getModifiedPaths()` prints a FieldRefSet, which is ordered.
   */
  readonly paths?: readonly string[];
}

/** Runs a row; returns what happened and what the row expects, in the same comparable shape. */
export function runRow(row: NodeRow): { actual: object; expected: object } {
  const out = applyNode(row);
  const noop = row.noop ?? false;
  const expected = {
    doc: canon(row.result),
    nModified: noop || row.upsert === true ? 0 : 1,
    oplog: noop || row.oplog === undefined ? null : canon(row.oplog),
    ...(noop ? {} : { modifiedPaths: [...(row.paths ?? [])].sort() }),
  };
  const actual = {
    doc: out.doc,
    nModified: out.nModified,
    oplog: out.oplog,
    ...(noop ? {} : { modifiedPaths: [...out.modifiedPaths].sort() }),
  };
  return { actual, expected };
}
