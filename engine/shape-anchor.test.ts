import { describe, expect, it } from 'vitest';
import { anchoredInstance, keepShape } from './shape-anchor.js';
import { Deadline } from './commands/update/deadline.js';

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
});
