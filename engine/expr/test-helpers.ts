/** Test helpers: build documents from JS literals (numbers stay doubles; use `i()`/`l()` for ints). */
import { Int32, Long, Timestamp, type Doc, type Value } from '../bson/values.js';
import type { RuntimeEnv } from '../runtime.js';
import { parseExpression, type ExprParseOptions } from './index.js';

type Lit = Value | { [k: string]: Lit } | Lit[];

export function v(x: Lit): Value {
  if (Array.isArray(x)) return x.map(v);
  if (x !== null && typeof x === 'object' && Object.getPrototypeOf(x) === Object.prototype) {
    return new Map(Object.entries(x as Record<string, Lit>).map(([k, y]) => [k, v(y)]));
  }
  return x as Value;
}

export function d(x: { [k: string]: Lit }): Doc {
  return v(x) as Doc;
}

export const i = (n: number): Int32 => new Int32(n);
export const l = (n: number | bigint): Long => (typeof n === 'bigint' ? Long.fromBigInt(n) : Long.fromNumber(n));

export function env(variables: Record<string, Lit> = {}, now = new Date('2024-01-02T03:04:05.678Z')): RuntimeEnv {
  return {
    variables: new Map(Object.entries(variables).map(([k, x]) => [k, v(x)])),
    now,
    clusterTime: new Timestamp({ t: 1700000000, i: 1 }),
  };
}

/** Parses and evaluates `spec` against `root`. */
export function ev(spec: Lit, root: { [k: string]: Lit } = {}, vars: Record<string, Lit> = {}, opts: Partial<ExprParseOptions> = {}): Value | undefined {
  return parseExpression(v(spec), { collator: null, ...opts }).evaluate(d(root), env(vars));
}

/** Runs `fn` and returns the EngineError's code and message. */
export function err(fn: () => unknown): { code: number; errmsg: string } {
  try {
    fn();
  } catch (e) {
    const x = e as { code: number; errmsg: string };
    return { code: x.code, errmsg: x.errmsg };
  }
  throw new Error('expected an error');
}
