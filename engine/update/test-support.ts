/**
 * Helpers for the update tests: EJSON in, relaxed/canonical EJSON out, and an oplog replay check
 * on every successful apply (the diff replayed onto the pre-image must give the post-image).
 */
import { Timestamp } from 'bson';
import { binaryEqual, type Collator } from '../bson/compare.js';
import { parseEJSON, parseEJSONDoc, stringifyEJSON } from '../bson/ejson.js';
import type { Doc, Value } from '../bson/values.js';
import { isDoc } from '../bson/values.js';
import { isEngineError } from '../errors.js';
import { applyOplogDiff } from '../oplog/apply-diff.js';
import type { RuntimeEnv } from '../runtime.js';
import { parseArrayFilters } from './array-filters.js';
import type { ApplyResult, UpdateExecutor } from './executor.js';
import { parseModifierUpdate } from './parse-modifiers.js';
import { isReplacementDocument, ReplacementUpdateExecutor } from './replacement-executor.js';
import { moveIdFirst } from './storage-validation.js';

export const TEST_ENV: RuntimeEnv = {
  variables: new Map(),
  now: new Date(1700000000000),
  clusterTime: new Timestamp({ t: 1700000000, i: 7 }),
};

export interface TestOptions {
  arrayFilters?: string;
  collator?: Collator | null;
  matched?: string;
  upsert?: boolean;
  immutable?: string[];
}

/** Parses like `parseUpdate` for modifier and replacement documents (no pipeline). */
export function parseForTest(update: string | Doc, opts: TestOptions = {}): UpdateExecutor {
  const u = typeof update === 'string' ? parseEJSONDoc(update) : update;
  const collator = opts.collator ?? null;
  const filters = parseArrayFilters(
    opts.arrayFilters === undefined ? undefined : (parseEJSON(opts.arrayFilters) as Value[]),
    collator,
  );
  if (isReplacementDocument(u)) return new ReplacementUpdateExecutor(u);
  return parseModifierUpdate(u, filters, collator);
}

export interface TestResult {
  /** Relaxed EJSON of the new document. */
  doc: string;
  /** Canonical EJSON (types visible). */
  canonical: string;
  noop: boolean;
  modifiedPaths: readonly string[];
  /** Relaxed EJSON of the oplog `o`, or null. */
  oplog: string | null;
  touches: string[];
  raw: ApplyResult;
}

export function applyTo(update: string | UpdateExecutor, doc: string, opts: TestOptions = {}): TestResult {
  const exec = typeof update === 'string' ? parseForTest(update, opts) : update;
  const pre = parseEJSONDoc(doc);
  const preText = stringifyEJSON(pre);
  const raw = exec.apply(pre, {
    isUpsertInsert: opts.upsert ?? false,
    immutablePaths: opts.immutable ?? (opts.upsert ? [] : ['_id']),
    matchedArrayIndex: opts.matched,
    env: TEST_ENV,
  });
  if (stringifyEJSON(pre) !== preText) throw new Error('apply mutated its input document');
  if (raw.noop && raw.oplog !== null) throw new Error('no-op with an oplog entry');
  if (raw.oplog !== null) {
    // A secondary applies the entry, then moves _id first (`ensureIdFieldIsFirst`), as the primary did.
    const replayed = moveIdFirst(raw.oplog.has('$v') ? applyOplogDiff(pre, raw.oplog.get('diff') as Doc) : raw.oplog);
    if (!binaryEqual(replayed, raw.doc)) {
      throw new Error(
        `oplog replay mismatch: replayed ${stringifyEJSON(replayed, { relaxed: true })} vs ${stringifyEJSON(raw.doc, { relaxed: true })}`,
      );
    }
  }
  return {
    doc: stringifyEJSON(raw.doc, { relaxed: true }),
    canonical: stringifyEJSON(raw.doc),
    noop: raw.noop,
    modifiedPaths: raw.modifiedPaths,
    oplog: raw.oplog === null ? null : stringifyEJSON(raw.oplog, { relaxed: true }),
    touches: raw.arrayTouches.map((t) => `${t.operator}@${t.path}${t.changed ? '' : '(same)'}`),
    raw,
  };
}

/** Runs `fn` and returns `code: errmsg` of the EngineError it throws. */
export function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (isEngineError(e)) return `${e.code}: ${e.errmsg}`;
    throw e;
  }
  throw new Error('expected an EngineError');
}

/** Error of parsing `update`. */
export function parseError(update: string, opts: TestOptions = {}): string {
  return errorOf(() => parseForTest(update, opts));
}

/** Error of applying `update` to `doc`. */
export function applyError(update: string, doc: string, opts: TestOptions = {}): string {
  const exec = parseForTest(update, opts);
  return errorOf(() => applyTo(exec, doc, opts));
}

export function relaxed(v: Value): string {
  return stringifyEJSON(v, { relaxed: true });
}

export { isDoc };
