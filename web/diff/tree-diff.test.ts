import { describe, expect, it } from 'vitest';
import type { TreeNode } from '../../engine/worker/protocol.js';
import { diffTrees } from './tree-diff.js';

const v = (type: string, text: string): TreeNode => ({ t: 'val', type, text });
const doc = (...fields: [string, TreeNode][]): TreeNode => ({ t: 'doc', fields });
const arr = (...items: TreeNode[]): TreeNode => ({ t: 'arr', items });

describe('diffTrees', () => {
  it('marks added, removed and changed fields, with type changes', () => {
    const before = doc(['_id', v('int', '1')], ['a', v('int', '1')], ['gone', v('string', '"x"')]);
    const after = doc(['_id', v('int', '1')], ['a', v('long', 'NumberLong(1)')], ['c', v('string', '"y"')]);
    const marks = diffTrees(before, after);
    expect([...marks.before]).toEqual([
      ['a', { kind: 'changed', typeChange: 'int → long' }],
      ['gone', { kind: 'removed' }],
    ]);
    expect([...marks.after]).toEqual([
      ['a', { kind: 'changed', typeChange: 'int → long' }],
      ['c', { kind: 'added' }],
    ]);
  });

  it('finds inserted and removed array elements', () => {
    const before = doc(['t', arr(v('int', '1'), v('int', '2'), v('int', '3'))]);
    const after = doc(['t', arr(v('int', '1'), v('int', '3'), v('int', '4'), v('int', '5'))]);
    const marks = diffTrees(before, after);
    expect([...marks.before.keys()]).toEqual(['t.1']);
    expect([...marks.after.keys()]).toEqual(['t.2', 't.3']);
  });

  it('notes a moved element', () => {
    const before = doc(['t', arr(v('int', '1'), v('int', '2'), v('int', '3'))]);
    const after = doc(['t', arr(v('int', '2'), v('int', '3'), v('int', '1'), v('int', '4'))]);
    const marks = diffTrees(before, after);
    expect([...marks.before]).toEqual([['t.0', { kind: 'removed', moved: 'moved to 2' }]]);
    expect([...marks.after]).toEqual([
      ['t.2', { kind: 'added', moved: 'moved from 0' }],
      ['t.3', { kind: 'added' }],
    ]);
  });

  it('compares equal-length arrays element by element', () => {
    const marks = diffTrees(
      doc(['g', arr(v('int', '90'), v('int', '95'))]),
      doc(['g', arr(v('int', '95'), v('int', '95'))]),
    );
    expect([...marks.after]).toEqual([['g.0', { kind: 'changed' }]]);
  });
});
