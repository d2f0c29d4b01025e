import { describe, expect, it } from 'vitest';
import { Int32, Long, ObjectId } from 'bson';
import type { Value } from './values.js';
import { formatG16, renderDoc, renderDouble, renderElementBraced, renderValue } from './render.js';

describe('server value rendering', () => {
  it('prints integral doubles with .0 like appendDoubleNice', () => {
    expect(renderDouble(5)).toBe('5.0');
    expect(renderDouble(1.5)).toBe('1.5');
    expect(renderDouble(0.1)).toBe('0.1');
    expect(renderDouble(1e20)).toBe('1e+20.0');
    expect(renderDouble(NaN)).toBe('nan.0');
    expect(formatG16(123456789012345680)).toBe('1.234567890123457e+17');
    expect(formatG16(0.0001)).toBe('0.0001');
    expect(formatG16(0.00001)).toBe('1e-05');
  });
  it('prints documents with spaces and single elements braced without', () => {
    const d = new Map<string, never>();
    expect(renderDoc(d)).toBe('{}');
    expect(renderDoc(new Map<string, Value>([['a', new Int32(1)], ['b', 'x']]))).toBe('{ a: 1, b: "x" }');
    expect(renderValue([new Map([['b', 1]])])).toBe('[ { b: 1.0 } ]');
    expect(renderElementBraced('a', [new Map([['b', new Int32(1)]])])).toBe('{a: [ { b: 1 } ]}');
    expect(renderValue(Long.fromNumber(7))).toBe('7');
    expect(renderValue(new ObjectId('0123456789abcdef01234567'))).toBe("ObjectId('0123456789abcdef01234567')");
    expect(renderValue([])).toBe('[]');
  });
});
