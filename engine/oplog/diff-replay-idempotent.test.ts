/**
 * A chain of pipeline-update diffs replays exactly and idempotently, as MongoDB's own
 * `document_diff_test.cpp` (`DocumentDiffTest.*`) checks: each document of a sequence is diffed
 * against the one before (`computeOplogDiff` with the `$v:2` entry's padding), the diff applied
 * to the earlier document gives the later one binary-equal, applying it again changes nothing,
 * and re-applying any suffix of the chain to the last document leaves it as it is (a secondary
 * that replays oplog entries it already applied ends in the same state).
 *
 * `PredefinedDocumentsAppendOnlyTest` runs the applier without the existence check for inserts
 * (time-series bucket diffs); the engine's applier always checks, as oplog application does, so
 * its documents run here under the checking applier.
 */
import { describe, expect, it } from 'vitest';
import { parseEJSONDoc } from '../bson/ejson.js';
import { Binary, BSONRegExp, Int32, Long, type Doc, type Value } from '../bson/values.js';
import { ejson, seededRandom } from '../commands/testing.js';
import { applyOplogDiff } from './apply-diff.js';
import { computeOplogDiff, DELTA_OPLOG_ENTRY_PADDING } from './diff-calculator.js';

const LARGE = 'a'.repeat(200);

/** `createObjWithLargePrefix`. */
function withLargePrefix(suffix: string): Doc {
  return new Map<string, Value>([['prefixLargeField', LARGE], ...parseEJSONDoc(suffix)]);
}

/** `runTest`: the chain property over `documents` in the given order. */
function runChain(documents: readonly Doc[]): void {
  let pre = documents[0]!;
  const diffs: Doc[] = [];
  for (let i = 1; i < documents.length; i++) {
    const post = documents[i]!;
    const diff = computeOplogDiff(pre, post, DELTA_OPLOG_ENTRY_PADDING);
    expect(diff, `a diff from document ${i - 1} to ${i}`).not.toBeNull();
    diffs.push(diff!);
    if (diff!.size === 0) {
      pre = post;
      continue;
    }
    const applied = applyOplogDiff(pre, diff!);
    expect(ejson(applied)).toBe(ejson(post));
    expect(ejson(applyOplogDiff(applied, diff!))).toBe(ejson(post));
    pre = post;
  }
  const last = documents[documents.length - 1]!;
  for (let start = 0; start < diffs.length; start++) {
    let end = last;
    for (let i = start; i < diffs.length; i++) if (diffs[i]!.size > 0) end = applyOplogDiff(end, diffs[i]!);
    expect(ejson(end), `re-applying diffs ${start}… to the last document`).toBe(ejson(last));
  }
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const REPO = [
  '{}',
  '{"field1": {"level1Field1": {"level2Field1": "val"}}, "field2": {"level1Field1": {}}, "field3": {"level1Field3": "va"}}',
  '{"field1": {"level1Field1": {"level1Field1": 1}}, "field2": {"level1Field1": {}}, "field3": {"level1Field3": "va2"}, "field4": ["arrayVal1"]}',
  '{"field1": ["arrayVal1", "arrayVal2"], "field2": ["arrayVal1", "arrayVal2", "arrayVal3"], "field4": {}, "field3": null}',
  '{"field2": ["arrayVal1", ["subArrayVal1", "subArrayVal2", "subArrayVal3"], "val"], "field1": ["arrayVal1", "arrayVal2"], "field3": ["arrayVal1", "arrayVal2"]}',
  '{"field2": ["arrayVal1", ["subArrayVal1", "subArrayVal2", "subArrayVal", "val"], "val"], "field1": ["arrayVal1", "arrayVal2"], "field3": ["arrayVal1", "arrayVal2"]}',
  '{"field1": {"level1Field1": [{"level1Field1": [1]}]}, "field0": {"level1Field1": {}}, "field3": {"level1Field3": "val2"}}',
  '{"field1": {"level1Field1": [{"level1Field1": [1, 2]}]}, "field2": {"level1Field1": {}}, "field3": {"level1Field3": ["val"]}}',
  '{"field3": {"level1Field1": [{"level1Field1": [1, 2]}]}, "field1": {"level1Field1": {}}, "field2": {"level1Field3": ["val"]}}',
  '{"newField1": {"level1Field1": [{"level1Field1": [1, 2]}]}, "newField2": {"level1Field1": {}}, "newField4": {"level1Field3": ["val"]}}',
  '{"newField2": {"level1Field1": {}}, "newField1": {"level1Field1": [{"level1Field1": [1, 2]}]}, "newField4": {"level1Field3": ["val"]}}',
  '{"newField3": {"level1Field1": [{"level1Field1": [1, 2]}]}, "newField2": {"level1Field1": {}}, "newField4": {"level1Field3": ["val"]}}',
].map(withLargePrefix);

const APPEND_ONLY = [
  '{"field1": {"level1Field1": {"level1Field1": 1}}, "field2": {"level1Field1": {}}, "field3": {"level1Field3": "va2"}, "field4": ["arrayVal1"]}',
  '{"field1": {"level1Field1": {"level1Field1": 1}, "level1Field2": "val2"}, "field2": {"level1Field1": {"level2Field1": {}}}, "field3": {"level1Field3": "va2"}, "field4": ["arrayVal1", "arrayVal2", "arrayVal3", "arrayVal4"]}',
  '{"field1": {"level1Field1": {"level1Field1": 1}, "level1Field2": "val2"}, "field2": {"level1Field1": {"level2Field1": {}}}, "field3": {"level1Field3": "va2", "level1Field4": "va4"}, "field4": ["arrayVal1", "arrayVal2", "arrayVal3", "arrayVal4", "arrayVal5"]}',
].map(withLargePrefix);

/** `getScalarFieldValue`. */
function scalar(random: () => number, n: number): Value {
  switch (Math.floor(random() * 10)) {
    case 0:
      return 'val';
    case 1:
      return null;
    case 2:
      return Long.fromNumber(-1);
    case 3:
      return new Int32(0);
    case 4:
      return 1.1;
    case 5:
      return false;
    case 6:
      return new BSONRegExp('p', '');
    case 7:
      return new Date(0);
    case 8:
      return new Binary(
        Uint8Array.from({ length: 16 }, (_, k) => (n * 31 + k) & 0xff),
        Binary.SUBTYPE_UUID,
      );
    default:
      return new Binary(new TextEncoder().encode('asdf'), Binary.SUBTYPE_DEFAULT);
  }
}

/** `generateDoc`: a large prefix at each level, fewer sub-objects and arrays deeper down. */
function generateDoc(random: () => number, depth: number): Doc {
  const doc: Doc = new Map([['prefixLargeField', LARGE]]);
  const subObj = 0.3 - depth * 0.05;
  const subArray = 0.2 - depth * 0.05;
  const numFields = 5 - depth + Math.floor(random() * 4);
  for (let f = 0; f < numFields; f++) {
    const name = `f${depth}${f}`;
    const r = random();
    if (r <= subObj) doc.set(name, generateDoc(random, depth + 1));
    else if (r <= subObj + subArray) {
      const length = Math.floor(random() * 10);
      const values: Value[] = [];
      let subObjs = 0;
      for (let k = 0; k < length; k++) {
        if (Math.floor(random() * (2 + subObjs + k)) === 0) values.push(generateDoc(random, depth + 1 + subObjs++ * 2));
        else values.push(scalar(random, k));
      }
      doc.set(name, values);
    } else doc.set(name, scalar(random, f));
  }
  return doc;
}

describe('a chain of diffs replays exactly and idempotently (DocumentDiffTest)', () => {
  it('predefined documents, ten shuffled orders (PredefinedDocumentsTest)', () => {
    const random = seededRandom(4785301);
    for (let simulation = 0; simulation < 10; simulation++) runChain(shuffled(REPO, random));
  });

  it('documents that only grow, in order (PredefinedDocumentsAppendOnlyTest)', () => {
    runChain(APPEND_ONLY);
  });

  it('twenty generated documents, ten shuffled orders (RandomizedDocumentBuilderTest)', () => {
    for (const seed of [1, 2, 3]) {
      const random = seededRandom(seed);
      const documents = Array.from({ length: 20 }, () => generateDoc(random, 0));
      for (let simulation = 0; simulation < 10; simulation++) runChain(shuffled(documents, random));
    }
  });
});
