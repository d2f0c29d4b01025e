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

/**
 * Names → numbers. Returns (rather than throws) the first error of PCRE2's compile pass in pattern
 * order — 115 for a reference to a group that does not exist, 199 for `\K` in a lookaround — as
 * PCRE2 raises them only after the lookbehind lengths are checked (error 125 comes first).
 */
export function resolveReferences(
  root: Node,
  refs: readonly Node[],
  conds: readonly Condition[],
  names: ReadonlyMap<string, number>,
  captureCount: number,
): PcreCompileError | undefined {
  void root;
  let first: PcreCompileError | undefined;
  const failed = (code: 115 | 199): number => {
    first ??= new PcreCompileError(code, 0);
    return -1;
  };
  const resolve = (group: number, name: string | undefined): number => {
    if (name !== undefined) return names.get(name) ?? failed(115);
    if (group < 0 || group > captureCount) return failed(115);
    return group;
  };
  for (const r of refs) {
    if (r.t === 'keep') failed(199);
    else if (r.t === 'backref') {
      r.group = resolve(r.group, r.name);
      if (r.group === 0) failed(115);
    } else if (r.t === 'call') r.group = resolve(r.group, r.name);
  }
  for (const c of conds) {
    if (c.kind === 'group') c.group = resolve(c.group, c.name);
    else if (c.kind === 'recursion' && (c.name !== undefined || c.group !== undefined))
      c.group = resolve(c.group ?? -1, c.name);
  }
  return first;
}

/** The number of characters `n` always matches, or null when it varies. */
export function fixedLength(n: Node, groups: ReadonlyMap<number, Node>, visiting = new Set<Node>()): number | null {
  switch (n.t) {
    case 'look':
      // A nested lookbehind is checked where the outer one's length check meets it.
      if (n.behind) checkLookbehind(n, groups);
      return 0;
    case 'empty':
    case 'assert':
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
      // The body is measured first (a reference to a missing group inside is error 115 even when
      // the repeat varies); a quantified assertion stays zero-length.
      const l = fixedLength(n.body, groups, visiting);
      if (n.body.t === 'look') return 0;
      if (n.min !== n.max || l === null) return null;
      return l * n.min;
    }
    case 'cond': {
      const a = fixedLength(n.yes, groups, visiting);
      const b = fixedLength(n.no, groups, visiting);
      return a !== null && a === b ? a : null;
    }
    case 'backref':
    case 'call': {
      // A reference that did not resolve: PCRE2's lookbehind check reports it (115) when it meets it.
      if (n.group < 0) throw new PcreCompileError(115, 0);
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
    if (n.t === 'look' && n.behind) checkLookbehind(n, groups);
  });
}

function checkLookbehind(n: Extract<Node, { t: 'look' }>, groups: ReadonlyMap<number, Node>): void {
  for (const alt of n.body.t === 'alt' ? n.body.alts : [n.body]) {
    if (fixedLength(alt, groups) === null) throw new PcreCompileError(125, 0);
  }
}
