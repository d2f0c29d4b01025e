/** Quantifiers: `* + ? {n} {n,} {n,m}` with lazy `?` and possessive `+` suffixes. */
import type { Node } from './ast.js';
import type { Options } from './parse-options.js';
import type { Scanner } from './scanner.js';

const MAX_REPEAT = 65535;

/** `{n}`, `{n,}`, `{n,m}` at the cursor (consumed), or undefined when the text is a literal brace. */
export function readBraces(sc: Scanner): [number, number] | undefined {
  const m = /^\{(\d+)(,(\d*))?\}/.exec(sc.p.slice(sc.i, sc.i + 24));
  if (!m) return undefined;
  const min = Number(m[1]);
  const max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
  if (min > MAX_REPEAT || (max !== Infinity && max > MAX_REPEAT)) sc.fail(105);
  if (max < min) sc.fail(104);
  sc.i += m[0].length;
  return [min, max];
}

/** Whether a `{n}`, `{n,}` or `{n,m}` quantifier starts at the cursor (not consumed). */
export function peekBraces(sc: Scanner): boolean {
  return /^\{\d+(,\d*)?\}/.test(sc.p.slice(sc.i, sc.i + 24));
}

/**
 * The quantifier at the cursor applied to `atom` (or `atom` itself when there is none). `skip`
 * passes over extended-mode white space and comments, which PCRE2 also allows between a
 * quantifier and its `?`/`+` suffix (`a* ?` is `a*?` under `x`).
 */
export function applyQuantifier(sc: Scanner, atom: Node, o: Options, skip: () => void = () => {}): Node {
  let min: number;
  let max: number;
  const c = sc.ch();
  if (c === '*') [min, max] = [0, Infinity];
  else if (c === '+') [min, max] = [1, Infinity];
  else if (c === '?') [min, max] = [0, 1];
  else if (c === '{') {
    const braces = readBraces(sc);
    if (!braces) return atom;
    [min, max] = braces;
    sc.i--;
  } else return atom;
  sc.i++;
  skip();
  let greedy = !o.U;
  let possessive = false;
  if (sc.ch() === '?') {
    greedy = !greedy;
    sc.i++;
  } else if (sc.ch() === '+') {
    possessive = true;
    greedy = true;
    sc.i++;
  }
  skip();
  if (!repeatable(atom)) sc.fail(109);
  if (atom.t === 'look') {
    // An assertion can be repeated at most once (PCRE2 treats larger maxima as 1).
    if (max === 0) return { t: 'empty' };
    if (min > 0) return atom;
    return { t: 'repeat', body: atom, min: 0, max: 1, greedy, possessive };
  }
  const next = sc.ch();
  if (next === '*' || next === '+' || next === '?' || (next === '{' && peekBraces(sc))) sc.fail(109);
  return { t: 'repeat', body: atom, min, max, greedy, possessive };
}

export function seq(items: Node[]): Node {
  if (items.length === 0) return { t: 'empty' };
  if (items.length === 1) return items[0]!;
  return { t: 'seq', items };
}

function repeatable(n: Node): boolean {
  switch (n.t) {
    case 'assert':
    case 'verb':
    case 'keep':
    case 'empty':
      return false;
    default:
      return true;
  }
}
