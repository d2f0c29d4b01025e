import { describe, expect, it } from 'vitest';
import { stringifyEJSON } from '../bson/ejson.js';
import type { RuntimePath } from '../update/path.js';
import { V2LogBuilder } from './v2-log-builder.js';

const p = (s: string, indexes: number[] = []): RuntimePath =>
  s.split('.').map((name, i) => ({ name, isIndex: indexes.includes(i) }));
const out = (b: V2LogBuilder) => stringifyEJSON(b.serialize(), { relaxed: true });

describe('V2LogBuilder', () => {
  it('orders sections d, u, i, then sub-diffs (WithAllModificationTypes)', () => {
    const b = new V2LogBuilder();
    b.logUpdatedField(p('a.b.c'), 1);
    b.logCreatedField(p('a.b.d.e'), 3, 2);
    b.logDeletedField(p('a.b.e'));
    expect(out(b)).toBe('{"$v":2,"diff":{"sa":{"sb":{"d":{"e":false},"u":{"c":1.0},"sd":{"i":{"e":2.0}}}}}}');
  });

  it('orders array entries by numeric index (ArrayModifications)', () => {
    const b = new V2LogBuilder();
    b.logUpdatedField(p('a.10.insert', [1]), 0);
    b.logUpdatedField(p('a.3', [1]), 1);
    b.logUpdatedField(p('a.0.c.update', [1]), 1);
    expect(out(b)).toBe('{"$v":2,"diff":{"sa":{"a":true,"s0":{"sc":{"u":{"update":1.0}}},"u3":1.0,"s10":{"u":{"insert":0.0}}}}}');
  });

  it('logs a created field under an array as u<idx>', () => {
    const b = new V2LogBuilder();
    b.logCreatedField(p('a.2.c', [1]), 1, new Map([['c', 1]]));
    expect(out(b)).toBe('{"$v":2,"diff":{"sa":{"a":true,"u2":{"c":1.0}}}}');
  });

  it('is empty until something is logged', () => {
    const b = new V2LogBuilder();
    expect(b.isEmpty()).toBe(true);
    expect(out(b)).toBe('{"$v":2,"diff":{}}');
  });
});
