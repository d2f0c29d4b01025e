/** Checks done once the whole pattern is read: references resolve, lookbehinds have fixed lengths. */
import type { Condition, Node } from './ast.js';
import { PcreCompileError } from './errors.js';

/** Every capture group node by number (the first one, for groups repeated by `(?|…)`). */
export function groupsByNumber(root: Node): Map<number, Node> {
  const out = new Map<number, Node>();
  walk(root, (n) => {
    if (n.t === 'group' && n.capture !== undefined && !out.has(n.capture)) out.set(n.capture, n);
  });
  return out;
}

export function walk(n: Node, visit: (n: Node) => void): void {
  visit(n);
  switch (n.t) {
    case 'seq':
      for (const x of n.items) walk(x, visit);
      break;
    case 'alt':
      for (const x of n.alts) walk(x, visit);
      break;
    case 'group':
    case 'repeat':
    case 'look':
    case 'atomic':
      walk(n.body, visit);
      break;
    case 'cond':
      if (n.cond.kind === 'look') walk(n.cond.node, visit);
      walk(n.yes, visit);
      walk(n.no, visit);
      break;
  }
}

/** Names → numbers, and PCRE2's error 115 for a reference to a group that does not exist. */
export function resolveReferences(
  root: Node,
  refs: readonly Node[],
  conds: readonly Condition[],
  names: ReadonlyMap<string, number>,
  captureCount: number,
): void {
  void root;
  const resolve = (group: number, name: string | undefined): number => {
    if (name !== undefined) {
      const n = names.get(name);
      if (n === undefined) throw new PcreCompileError(115, 0);
      return n;
    }
    if (group < 0 || group > captureCount) throw new PcreCompileError(115, 0);
    return group;
  };
  for (const r of refs) {
    if (r.t === 'backref') {
      r.group = resolve(r.group, r.name);
      if (r.group === 0) throw new PcreCompileError(115, 0);
    } else if (r.t === 'call') r.group = resolve(r.group, r.name);
  }
  for (const c of conds) {
    if (c.kind === 'group') c.group = resolve(c.group, c.name);
    else if (c.kind === 'recursion' && (c.name !== undefined || c.group !== undefined))
      c.group = resolve(c.group ?? -1, c.name);
  }
}

/** The number of characters `n` always matches, or null when it varies. */
export function fixedLength(n: Node, groups: ReadonlyMap<number, Node>, visiting = new Set<Node>()): number | null {
  switch (n.t) {
    case 'empty':
    case 'assert':
    case 'look':
    case 'verb':
    case 'keep':
      return 0;
    case 'char':
    case 'set':
      return 1;
    case 'newlineSeq':
    case 'grapheme':
      return null;
    case 'seq': {
      let sum = 0;
      for (const x of n.items) {
        const l = fixedLength(x, groups, visiting);
        if (l === null) return null;
        sum += l;
      }
      return sum;
    }
    case 'alt': {
      let len: number | null | undefined;
      for (const x of n.alts) {
        const l = fixedLength(x, groups, visiting);
        if (l === null || (len !== undefined && l !== len)) return null;
        len = l;
      }
      return len ?? 0;
    }
    case 'group':
    case 'atomic':
      return fixedLength(n.body, groups, visiting);
    case 'repeat': {
      if (n.min !== n.max) return null;
      const l = fixedLength(n.body, groups, visiting);
      return l === null ? null : l * n.min;
    }
    case 'cond': {
      const a = fixedLength(n.yes, groups, visiting);
      const b = fixedLength(n.no, groups, visiting);
      return a !== null && a === b ? a : null;
    }
    case 'backref':
    case 'call': {
      const g = n.t === 'call' && n.group === 0 ? undefined : groups.get(n.group);
      if (!g || visiting.has(g)) return null;
      visiting.add(g);
      const l = fixedLength(g, groups, visiting);
      visiting.delete(g);
      return l;
    }
  }
}

/** PCRE2 10.42: each top-level branch of a lookbehind must have a fixed length (error 125). */
export function checkLookbehinds(root: Node): void {
  const groups = groupsByNumber(root);
  walk(root, (n) => {
    if (n.t !== 'look' || !n.behind) return;
    for (const alt of n.body.t === 'alt' ? n.body.alts : [n.body]) {
      if (fixedLength(alt, groups) === null) throw new PcreCompileError(125, 0);
    }
  });
}
