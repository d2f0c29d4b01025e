import { describe, expect, it } from 'vitest';
import { anchoredInstance, keepShape } from './shape-anchor.js';
import { Deadline } from './commands/update/deadline.js';
import { FieldReader } from './bson/shaped-doc.js';
import { compileQuery } from './query/index.js';

class A {
  constructor(readonly n: number) {
    keepShape(this);
  }
}
class B {
  constructor() {
    keepShape(this);
  }
}

describe('keepShape', () => {
  it('keeps the latest instance of each class, one per class', () => {
    const first = new A(1);
    expect(anchoredInstance(A)).toBe(first);
    const second = new A(2);
    const b = new B();
    expect(anchoredInstance(A)).toBe(second);
    expect(anchoredInstance(B)).toBe(b);
  });

  it('anchors the update path classes as they are made', () => {
    const d = Deadline.none(() => new Date(0));
    expect(anchoredInstance(Deadline)).toBe(d);
  });

  it('anchors the matcher and its field readers (count and find recompile nothing between commands)', () => {
    const m = compileQuery(new Map([['cat', 'beta']]), { collator: null });
    expect(anchoredInstance(m.constructor as new () => object)).toBe(m);
    const r = new FieldReader('cat');
    expect(anchoredInstance(FieldReader)).toBe(r);
  });
});
