/**
 * `updateDescription` of an update event, read from the `$v:2` oplog diff as the server's
 * change_stream_document_diff_parser does:
 *   document diff: `u` then `i` fields → updatedFields, `d` fields → removedFields, then each
 *     `s<field>` sub-diff recursively (in that order, whatever the order in the diff);
 *   array diff: `l` → truncatedArrays `{field, newSize}`, then `u<i>` → updatedFields `path.i`
 *     and `s<i>` sub-diffs, in index order.
 * Paths are dotted. A path is ambiguous when one of its field names below the top level looks
 * like an array index, or one contains a dot; with `showExpandedEvents` such paths are spelled out in
 * `disambiguatedPaths: {<dotted>: [components]}` (field names as strings, array indexes as int32).
 */
import { Int32 } from 'bson';
import { isDoc, type Doc, type Value } from '../bson/values.js';
import { isArrayDiff } from '../oplog/diff-types.js';

type Component = string | number;

export interface UpdateDescriptionParts {
  readonly updatedFields: Doc;
  readonly removedFields: string[];
  readonly truncatedArrays: Doc[];
  readonly disambiguatedPaths: Doc;
}

function dotted(path: readonly Component[]): string {
  return path.map(String).join('.');
}

/** isNumericPathComponentStrict: digits only, no leading zero (except "0" itself). */
function numericComponent(name: string): boolean {
  return /^(0|[1-9][0-9]*)$/.test(name);
}

/**
 * A path is ambiguous from the first field name that contains a dot, or that looks like an array
 * index anywhere but at the top level (a top-level field cannot be an array index); array
 * indexes alone never make it so.
 */
function ambiguous(path: readonly Component[]): boolean {
  return path.some((c, i) => typeof c === 'string' && ((i > 0 && numericComponent(c)) || c.includes('.')));
}

class Builder {
  readonly updatedFields: Doc = new Map();
  readonly removedFields: string[] = [];
  readonly truncatedArrays: Doc[] = [];
  readonly disambiguatedPaths: Doc = new Map();

  private note(path: readonly Component[]): string {
    const d = dotted(path);
    if (ambiguous(path)) {
      this.disambiguatedPaths.set(
        d,
        path.map((c) => (typeof c === 'number' ? new Int32(c) : c)),
      );
    }
    return d;
  }

  documentDiff(diff: Doc, path: Component[]): void {
    const section = (name: string): Doc => {
      const v = diff.get(name);
      return isDoc(v) ? v : new Map();
    };
    for (const [f, v] of section('u')) this.updatedFields.set(this.note([...path, f]), v);
    for (const [f, v] of section('i')) this.updatedFields.set(this.note([...path, f]), v);
    for (const f of section('d').keys()) this.removedFields.push(this.note([...path, f]));
    for (const [k, v] of diff) {
      if (k.length > 1 && k.startsWith('s') && isDoc(v)) this.subDiff(v, [...path, k.slice(1)]);
    }
  }

  private subDiff(diff: Doc, path: Component[]): void {
    if (isArrayDiff(diff)) this.arrayDiff(diff, path);
    else this.documentDiff(diff, path);
  }

  private arrayDiff(diff: Doc, path: Component[]): void {
    const newSize = diff.get('l');
    if (newSize !== undefined) {
      this.truncatedArrays.push(
        new Map<string, Value>([
          ['field', this.note(path)],
          ['newSize', new Int32(Number(String(newSize)))],
        ]),
      );
    }
    const entries: { index: number; kind: 'u' | 's'; value: Value }[] = [];
    for (const [k, v] of diff) {
      const m = /^([us])([0-9]+)$/.exec(k);
      if (m) entries.push({ index: Number(m[2]), kind: m[1] as 'u' | 's', value: v });
    }
    entries.sort((a, b) => a.index - b.index);
    for (const e of entries) {
      const p = [...path, e.index];
      if (e.kind === 'u') this.updatedFields.set(this.note(p), e.value);
      else if (isDoc(e.value)) this.subDiff(e.value, p);
    }
  }
}

/** The parts of `updateDescription` for a `$v:2` diff (the `diff` field of `o`). */
export function describeDiff(diff: Doc): UpdateDescriptionParts {
  const b = new Builder();
  b.documentDiff(diff, []);
  return b;
}

/** `{updatedFields, removedFields, truncatedArrays[, disambiguatedPaths]}`. */
export function updateDescriptionOf(diff: Doc, showExpandedEvents: boolean): Doc {
  const parts = describeDiff(diff);
  const out = new Map<string, Value>([
    ['updatedFields', parts.updatedFields],
    ['removedFields', parts.removedFields],
    ['truncatedArrays', parts.truncatedArrays],
  ]);
  if (showExpandedEvents) out.set('disambiguatedPaths', parts.disambiguatedPaths);
  return out;
}
