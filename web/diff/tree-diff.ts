/**
 * Field-level marks between two display trees from the engine (before/after of one document).
 * Purely structural: values are compared by the shell text and the BSON type name the engine
 * gave them, so a type change (`int → long`) shows even when the number looks the same.
 *
 *   before {a: 1, b: [1, 2]}   after {a: NumberLong(1), b: [1, 2, 3], c: "x"}
 *   → after marks: a changed (int → long), b.2 added, c added
 *
 * Paths are dotted with array indexes (`grades.2`), the same form as the engine's array touches.
 */
import type { TreeNode } from '../../engine/worker/protocol.js';

export type MarkKind = 'added' | 'removed' | 'changed';

export interface Mark {
  readonly kind: MarkKind;
  /** For a changed value whose type changed: "int → long". */
  readonly typeChange?: string;
  /** For an array element removed here and inserted elsewhere: "moved to 3" / "moved from 0". */
  readonly moved?: string;
}

export interface DiffMarks {
  readonly before: ReadonlyMap<string, Mark>;
  readonly after: ReadonlyMap<string, Mark>;
}

export function joinPath(prefix: string, key: string): string {
  return prefix === '' ? key : `${prefix}.${key}`;
}

function typeName(n: TreeNode): string {
  return n.t === 'val' ? n.type : n.t === 'doc' ? 'object' : 'array';
}

export function sameTree(a: TreeNode, b: TreeNode): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Longest common subsequence of two lists by equality, as index pairs. */
function lcsPairs(a: readonly TreeNode[], b: readonly TreeNode[]): [number, number][] {
  const ka = a.map((x) => JSON.stringify(x));
  const kb = b.map((x) => JSON.stringify(x));
  const n = ka.length;
  const m = kb.length;
  const table: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      const row = table[i]!;
      row[j] = ka[i] === kb[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, row[j + 1]!);
    }
  }
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (ka[i] === kb[j]) {
      pairs.push([i, j]);
      i++;
      j++;
    } else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  }
  return pairs;
}

/** Arrays longer than this are compared element by element (no LCS), to stay fast. */
const LCS_LIMIT = 300;

export function diffTrees(before: TreeNode, after: TreeNode): DiffMarks {
  const b = new Map<string, Mark>();
  const a = new Map<string, Mark>();
  const walk = (x: TreeNode, y: TreeNode, path: string): void => {
    if (x.t === 'doc' && y.t === 'doc') {
      const yKeys = new Map(y.fields);
      const xKeys = new Map(x.fields);
      for (const [k, v] of x.fields) {
        const other = yKeys.get(k);
        if (other === undefined) b.set(joinPath(path, k), { kind: 'removed' });
        else walk(v, other, joinPath(path, k));
      }
      for (const [k] of y.fields) if (!xKeys.has(k)) a.set(joinPath(path, k), { kind: 'added' });
      return;
    }
    if (x.t === 'arr' && y.t === 'arr') {
      if (x.items.length === y.items.length || x.items.length > LCS_LIMIT || y.items.length > LCS_LIMIT) {
        const common = Math.min(x.items.length, y.items.length);
        for (let i = 0; i < common; i++) walk(x.items[i]!, y.items[i]!, joinPath(path, String(i)));
        for (let i = common; i < x.items.length; i++) b.set(joinPath(path, String(i)), { kind: 'removed' });
        for (let i = common; i < y.items.length; i++) a.set(joinPath(path, String(i)), { kind: 'added' });
        return;
      }
      const pairs = lcsPairs(x.items, y.items);
      const keptX = new Set(pairs.map(([i]) => i));
      const keptY = new Set(pairs.map(([, j]) => j));
      const removed = x.items.flatMap((item, i) => (keptX.has(i) ? [] : [{ i, key: JSON.stringify(item) }]));
      const added = y.items.flatMap((item, j) => (keptY.has(j) ? [] : [{ j, key: JSON.stringify(item) }]));
      // An element removed at i and an equal one inserted at j: the same value moved.
      const movedTo = new Map<number, number>();
      const taken = new Set<number>();
      for (const r of removed) {
        const target = added.find((ad) => ad.key === r.key && !taken.has(ad.j));
        if (target !== undefined) {
          movedTo.set(r.i, target.j);
          taken.add(target.j);
        }
      }
      const movedFrom = new Map([...movedTo].map(([i, j]) => [j, i]));
      for (const { i } of removed) {
        const to = movedTo.get(i);
        b.set(
          joinPath(path, String(i)),
          to === undefined ? { kind: 'removed' } : { kind: 'removed', moved: `moved to ${to}` },
        );
      }
      for (const { j } of added) {
        const from = movedFrom.get(j);
        a.set(
          joinPath(path, String(j)),
          from === undefined ? { kind: 'added' } : { kind: 'added', moved: `moved from ${from}` },
        );
      }
      return;
    }
    if (sameTree(x, y)) return;
    const tx = typeName(x);
    const ty = typeName(y);
    const mark: Mark = tx === ty ? { kind: 'changed' } : { kind: 'changed', typeChange: `${tx} → ${ty}` };
    b.set(path, mark);
    a.set(path, mark);
  };
  walk(before, after, '');
  return { before: b, after: a };
}
