/**
 * Parse once per statement shape: the executors of modifier updates, kept by the exact content of
 * `u` and `arrayFilters` (every constant with its BSON type) and the collator they were parsed
 * with. A script of 100,000 `updateOne`s with the same `u` then parses it once.
 *
 * Only what parsing depends on is in the key, and parsing is a pure function of it: the same key
 * always yields an executor that behaves like a fresh parse (executors are frozen and keep no
 * state between documents). Failed parses are not kept, so an invalid statement raises its error
 * every time. Values the key cannot spell exactly (regexes, Decimal128, binary, timestamps, …) and
 * large documents are never cached; they are parsed each time.
 */
import type { Collator } from '../bson/compare.js';
import type { Doc, Value } from '../bson/values.js';
import type { UpdateExecutor } from './executor.js';

/** Documents whose key would be longer are parsed each time (the key costs about a parse). */
const MAX_KEY_LENGTH = 2048;
/** Executors kept per collator; the oldest goes first. */
const MAX_ENTRIES = 256;

/** Appends `v` spelled with its type; false when it cannot be spelled exactly or is too long. */
function spell(v: Value, out: string[], budget: { left: number }): boolean {
  let s: string;
  switch (typeof v) {
    case 'number':
      s = Object.is(v, -0) ? 'd-0' : `d${v}`;
      break;
    case 'string':
      s = `s${JSON.stringify(v)}`;
      break;
    case 'boolean':
      s = v ? 'T' : 'F';
      break;
    default:
      if (v === null) s = 'N';
      else if (v instanceof Map) return spellDoc(v, out, budget);
      else if (Array.isArray(v)) {
        out.push('[');
        for (const x of v) if (!spell(x, out, budget)) return false;
        s = ']';
      } else if (v instanceof Date) s = `t${v.getTime()}`;
      else if (v._bsontype === 'Int32') s = `i${v.value}`;
      else if (v._bsontype === 'Long') s = `l${v.toString()}`;
      else if (v._bsontype === 'ObjectId') s = `o${v.toHexString()}`;
      else return false;
  }
  budget.left -= s.length + 1;
  if (budget.left < 0) return false;
  out.push(s);
  return true;
}

function spellDoc(d: Doc, out: string[], budget: { left: number }): boolean {
  out.push('{');
  for (const [k, v] of d) {
    const name = JSON.stringify(k);
    budget.left -= name.length + 1;
    if (budget.left < 0) return false;
    out.push(name, ':');
    if (!spell(v, out, budget)) return false;
  }
  out.push('}');
  return true;
}

/** The cache key of a modifier update, or undefined when it is not cached. */
export function modifierUpdateKey(u: Doc, arrayFilters: readonly Value[] | Value | undefined): string | undefined {
  const out: string[] = [];
  const budget = { left: MAX_KEY_LENGTH };
  if (!spellDoc(u, out, budget)) return undefined;
  out.push('|');
  if (arrayFilters === undefined) out.push('-');
  else if (!spell(arrayFilters as Value, out, budget)) return undefined;
  return out.join('');
}

class ExecutorCache {
  /** On by default; tests turn it off to compare against parsing every time. */
  enabled = true;
  private readonly simple = new Map<string, UpdateExecutor>();
  private readonly byCollator = new WeakMap<Collator, Map<string, UpdateExecutor>>();

  private entries(collator: Collator | null): Map<string, UpdateExecutor> {
    if (collator === null) return this.simple;
    let m = this.byCollator.get(collator);
    if (m === undefined) this.byCollator.set(collator, (m = new Map()));
    return m;
  }

  get(collator: Collator | null, key: string): UpdateExecutor | undefined {
    return this.enabled ? this.entries(collator).get(key) : undefined;
  }

  set(collator: Collator | null, key: string, executor: UpdateExecutor): void {
    if (!this.enabled) return;
    const m = this.entries(collator);
    if (m.size >= MAX_ENTRIES) m.delete(m.keys().next().value!);
    m.set(key, executor);
  }
}

export const modifierExecutorCache = new ExecutorCache();
