/**
 * The options the write commands share under the same names, types and null-as-absent rule
 * (`write_ops.idl`): a statement's (`upsert`, `multi`, `collation`, `arrayFilters`, `hint`, `sort`,
 * `upsertSupplied`; update's `updates` entries, bulkWrite's ops, findAndModify) and a command's
 * (`ordered`, `bypassDocumentValidation`, `let`, `maxTimeMS`, `writeConcern`), and `IndexHint::parse`.
 */
import { isDoc, typeOf, type Doc, type Value } from '../../bson/values.js';
import { renderElement } from '../../bson/render.js';
import { fail } from '../../errors.js';
import { isAbsent, readArrayOfObjects, readBool, readObject, readSafeBool, readTimeLimit } from './fields.js';

export type HintSpec =
  | { readonly kind: 'none' }
  | { readonly kind: 'name'; readonly name: string }
  | { readonly kind: 'keyPattern'; readonly keyPattern: Doc }
  | { readonly kind: 'natural'; readonly direction: 1 | -1 };

/** `IndexHint::parse`. */
export function parseHint(v: Value): HintSpec {
  if (typeof v === 'string') return { kind: 'name', name: v };
  if (isDoc(v)) {
    if (v.size === 0) return NO_HINT;
    const [firstKey, firstVal] = v.entries().next().value as [string, Value];
    if (firstKey === '$natural') {
      if (v.size !== 1) throw fail(9, `$natural hint may only accept one field${renderHintElement(v)}`);
      const n = numberOf(firstVal);
      if (n === 1) return { kind: 'natural', direction: 1 };
      if (n === -1) return { kind: 'natural', direction: -1 };
      throw fail(9, `$natural hint may only accept 1 or -1, not ${renderHintElement(v)}`);
    }
    return { kind: 'keyPattern', keyPattern: v };
  }
  throw fail(9, 'Hint must be a string or an object');
}

/** `element.toString()` of the `hint` field, as the server's message embeds it. */
function renderHintElement(v: Doc): string {
  return renderElement('hint', v);
}

function numberOf(v: Value): number {
  if (typeof v === 'number') return Math.trunc(v);
  const t = typeOf(v);
  if (t === 'int' || t === 'long' || t === 'decimal') return Math.trunc(Number(String(v)));
  return 0;
}

/**
 * The options a write statement carries under the same names, types and null-as-absent rule in
 * every command that has them: `update`'s `updates` entries (`UpdateOpEntry`), bulkWrite's update
 * and delete ops, findAndModify.
 */
export interface StatementOptions {
  upsert: boolean;
  multi: boolean;
  collation: Doc | undefined;
  arrayFilters: Doc[] | undefined;
  hint: HintSpec;
  sort: Doc | undefined;
  upsertSupplied?: boolean;
}

/** No hint (one frozen value: specs never change it). */
export const NO_HINT: HintSpec = Object.freeze({ kind: 'none' });

/** The defaults: no upsert, one document, no collation, arrayFilters, hint or sort. */
export function defaultStatementOptions(): StatementOptions {
  return {
    upsert: false,
    multi: false,
    collation: undefined,
    arrayFilters: undefined,
    hint: NO_HINT,
    sort: undefined,
  };
}

/** Every option an update statement accepts; `sampleId` is internal and unused. */
export const UPDATE_STATEMENT_OPTIONS: ReadonlySet<string> = new Set([
  'upsert',
  'multi',
  'collation',
  'arrayFilters',
  'hint',
  'sort',
  'upsertSupplied',
  'sampleId',
]);

/**
 * Reads field `k` (at `path`) into `into` when it is one of the `accepted` options; returns false
 * for any other field, which the caller handles.
 */
export function readStatementOption(
  into: StatementOptions,
  k: string,
  path: string,
  v: Value,
  accepted: ReadonlySet<string> = UPDATE_STATEMENT_OPTIONS,
): boolean {
  if (!accepted.has(k)) return false;
  switch (k) {
    case 'upsert':
      if (!isAbsent(v)) into.upsert = readBool(path, v);
      break;
    case 'multi':
      if (!isAbsent(v)) into.multi = readBool(path, v);
      break;
    case 'collation':
      if (!isAbsent(v)) into.collation = readObject(path, v);
      break;
    case 'arrayFilters':
      if (!isAbsent(v)) into.arrayFilters = readArrayOfObjects(path, v);
      break;
    case 'hint':
      into.hint = parseHint(v);
      break;
    case 'sort':
      if (!isAbsent(v)) into.sort = readObject(path, v);
      break;
    case 'upsertSupplied':
      if (!isAbsent(v)) into.upsertSupplied = readBool(path, v);
      break;
  }
  return true;
}

/**
 * The command-level options the write commands share under the same names and types
 * (`WriteCommandRequestBase` and the generic `let`, `maxTimeMS`, `writeConcern`): `update`,
 * `bulkWrite`, and `findAndModify` (which has no `ordered`).
 */
export interface WriteCommandOptions {
  ordered: boolean;
  bypassDocumentValidation: boolean;
  let: Doc | undefined;
  /** Milliseconds; undefined when absent or 0 (no limit). */
  maxTimeMS: number | undefined;
  writeConcern: Doc | undefined;
}

/** The defaults: ordered, validated, no `let`, no time limit, the default write concern. */
export function defaultWriteCommandOptions(): WriteCommandOptions {
  return {
    ordered: true,
    bypassDocumentValidation: false,
    let: undefined,
    maxTimeMS: undefined,
    writeConcern: undefined,
  };
}

export const WRITE_COMMAND_OPTIONS: ReadonlySet<string> = new Set([
  'ordered',
  'bypassDocumentValidation',
  'let',
  'maxTimeMS',
  'writeConcern',
]);

/**
 * Reads field `k` (at `path`) into `into` when it is one of the `accepted` options; returns false
 * for any other field, which the caller handles.
 */
export function readWriteCommandOption(
  into: WriteCommandOptions,
  k: string,
  path: string,
  v: Value,
  accepted: ReadonlySet<string> = WRITE_COMMAND_OPTIONS,
): boolean {
  if (!accepted.has(k)) return false;
  switch (k) {
    case 'ordered':
      if (!isAbsent(v)) into.ordered = readBool(path, v);
      break;
    case 'bypassDocumentValidation':
      if (!isAbsent(v)) into.bypassDocumentValidation = readSafeBool(path, v);
      break;
    case 'let':
      if (!isAbsent(v)) into.let = readObject(path, v);
      break;
    case 'maxTimeMS':
      into.maxTimeMS = readTimeLimit(path, v);
      break;
    case 'writeConcern':
      if (!isAbsent(v)) into.writeConcern = readObject(path, v);
      break;
  }
  return true;
}

