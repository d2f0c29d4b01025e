/**
 * `withIdFirst` copies a document with `forEach` (an entry iterator over a stored `ShapedDoc` was
 * a quarter of an upsert batch's CPU). Guard: over generated documents, as plain `Map`s and in
 * the stored layout, with `_id` absent, first, later, null, a document, an array, a regex or
 * undefined, the copy equals the rule written out with an entry loop — canonical Extended JSON
 * with field order, the generated `_id` only when missing, the very input when `_id` is already
 * first, the same error code otherwise.
 */
import { BSONRegExp, ObjectId } from 'bson';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseEJSON, stringifyEJSON } from '../bson/ejson.js';
import { storedLayout } from '../bson/shaped-doc.js';
import { BSON_UNDEFINED, type Doc, type Value } from '../bson/values.js';
import { isEngineError } from '../errors.js';
import { withIdFirst } from './id-field.js';

/** The rule as written before, with an entry loop (the reference). */
function referenceWithIdFirst(doc: Doc, generate: () => ObjectId): Doc {
  const id = doc.get('_id');
  if (id === undefined) {
    const out: Doc = new Map([['_id', generate()]]);
    for (const [k, v] of doc) out.set(k, v);
    return out;
  }
  // The checks: withIdFirst's own (checkIdValue), compared by outcome below.
  withIdFirst(new Map([['_id', id]]));
  if (doc.keys().next().value === '_id') return doc;
  const out: Doc = new Map([['_id', id]]);
  for (const [k, v] of doc) if (k !== '_id') out.set(k, v);
  return out;
}

const scalar = fc.oneof(
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom<Value>('x', '', null, true, 1.5),
  fc.constant(undefined).map(() => parseEJSON('{"$numberLong": "7"}')),
);
const idValue = fc.oneof(
  scalar,
  fc.constantFrom<Value>(
    [1, 2],
    new BSONRegExp('a', 'i'),
    BSON_UNDEFINED,
    new Map<string, Value>([['a', 1]]),
    new Map<string, Value>([['$x', 1]]),
    new Map<string, Value>([
      ['$ref', 'c'],
      ['$id', 1],
    ]),
  ),
);
const names = fc.uniqueArray(fc.constantFrom('a', 'b', '0', '10', '', '$x', 'a.b', 'é'), { maxLength: 5 });

const document = fc
  .record({
    names,
    values: fc.array(scalar, { minLength: 5, maxLength: 5 }),
    idAt: fc.option(fc.nat({ max: 5 }), { nil: undefined }),
    id: idValue,
    stored: fc.boolean(),
  })
  .map(({ names, values, idAt, id, stored }) => {
    const entries: [string, Value][] = names.map((n, i) => [n, values[i] as Value]);
    if (idAt !== undefined) entries.splice(Math.min(idAt, entries.length), 0, ['_id', id]);
    const doc: Doc = new Map(entries);
    return stored ? storedLayout(doc) : doc;
  });

function outcome(run: () => Doc): { doc?: Doc; code?: number } {
  try {
    return { doc: run() };
  } catch (e) {
    if (!isEngineError(e)) throw e;
    return { code: e.code };
  }
}

describe('withIdFirst', () => {
  it('equals the entry-loop rule for plain and stored documents', () => {
    fc.assert(
      fc.property(document, (doc) => {
        const oid = new ObjectId('65a000000000000000000001');
        let generated = 0;
        const fast = outcome(() =>
          withIdFirst(doc, () => {
            generated++;
            return oid;
          }),
        );
        const ref = outcome(() => referenceWithIdFirst(doc, () => oid));
        expect(fast.code).toBe(ref.code);
        if (ref.doc === undefined) return;
        expect(stringifyEJSON(fast.doc!, { relaxed: false })).toBe(stringifyEJSON(ref.doc, { relaxed: false }));
        expect([...fast.doc!.keys()]).toEqual([...ref.doc.keys()]);
        expect(generated).toBe(doc.has('_id') ? 0 : 1);
        // `_id` already first: the input itself, nothing copied.
        expect(fast.doc === doc).toBe(ref.doc === doc);
      }),
      { numRuns: 1000 },
    );
  });
});
