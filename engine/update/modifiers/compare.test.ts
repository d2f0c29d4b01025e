import { describe, expect, it } from 'vitest';
import { applyTo } from '../test-support.js';

const caseInsensitive = { compare: (a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase()) };

describe('$min / $max', () => {
  it('replaces value and type when strictly better', () => {
    const r = applyTo('{"$min": {"a": 2.0}}', '{"_id": 1, "a": 5}');
    expect(r.canonical).toBe('{"_id":{"$numberInt":"1"},"a":{"$numberDouble":"2.0"}}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"u":{"a":2.0}}}');
    expect(applyTo('{"$max": {"a": 9}}', '{"_id": 1, "a": 5}').doc).toBe('{"_id":1,"a":9}');
  });

  it('is a no-op on a tie (1 vs 1.0) or a worse value', () => {
    expect(applyTo('{"$min": {"a": 1.0}}', '{"_id": 1, "a": 1}').noop).toBe(true);
    expect(applyTo('{"$max": {"a": 1}}', '{"_id": 1, "a": 5}').noop).toBe(true);
  });

  it('compares across types by canonical type order', () => {
    expect(applyTo('{"$max": {"a": "x"}}', '{"_id": 1, "a": 5}').doc).toBe('{"_id":1,"a":"x"}');
    expect(applyTo('{"$min": {"a": null}}', '{"_id": 1, "a": 5}').doc).toBe('{"_id":1,"a":null}');
  });

  it('sets a missing field', () => {
    const r = applyTo('{"$min": {"a.b": 3}}', '{"_id": 1}');
    expect(r.doc).toBe('{"_id":1,"a":{"b":3}}');
    expect(r.oplog).toBe('{"$v":2,"diff":{"i":{"a":{"b":3}}}}');
  });

  it('uses the collation for strings', () => {
    expect(applyTo('{"$max": {"a": "ABC"}}', '{"_id": 1, "a": "abc"}', { collator: caseInsensitive }).noop).toBe(true);
    expect(applyTo('{"$max": {"a": "ABC"}}', '{"_id": 1, "a": "abc"}').noop).toBe(true);
    expect(applyTo('{"$min": {"a": "ABC"}}', '{"_id": 1, "a": "abc"}').doc).toBe('{"_id":1,"a":"ABC"}');
  });
});
