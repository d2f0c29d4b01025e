/**
 * Parses the `update` command document into a typed request, with the server's IDL rules
 * (`write_ops.idl`: `update` command, `WriteCommandRequestBase`, `UpdateOpEntry`) and its
 * post-parse checks (`checkOpCountForCommand`, `UpdateModification::parseFromBSON`).
 * Everything here fails the whole command (`ok: 0`), as parse errors do on the server.
 */
import { isArray, isDoc, typeOf, type Doc, type Value } from '../../bson/values.js';
import { renderElement } from '../../bson/render.js';
import { fail } from '../../errors.js';
import { docSize, valueSize } from './bson-size.js';
import {
  GENERIC_ARGUMENTS,
  isAbsent,
  missingField,
  readArrayOfObjects,
  readBool,
  readObject,
  readSafeBool,
  readTimeLimit,
  unknownField,
} from './fields.js';
import { checkWriteBatchSize } from '../write-batch.js';

export const MAX_BSON_SIZE = 16 * 1024 * 1024;

export type HintSpec =
  | { readonly kind: 'none' }
  | { readonly kind: 'name'; readonly name: string }
  | { readonly kind: 'keyPattern'; readonly keyPattern: Doc }
  | { readonly kind: 'natural'; readonly direction: 1 | -1 };

export type UpdateKind = 'modifier' | 'replacement' | 'pipeline';

/** The `u` value, classified as `isClassicalUpdateReplacement` does. */
export type UpdateModification =
  | { readonly kind: 'modifier'; readonly doc: Doc }
  | { readonly kind: 'replacement'; readonly doc: Doc }
  | { readonly kind: 'pipeline'; readonly stages: readonly Doc[] };

export interface UpdateStatementSpec {
  /** Position in `updates` (reported as `index` in upserted/writeErrors). */
  readonly index: number;
  readonly q: Doc;
  readonly u: UpdateModification;
  readonly c: Doc | undefined;
  readonly upsert: boolean;
  readonly multi: boolean;
  readonly collation: Doc | undefined;
  readonly arrayFilters: readonly Doc[] | undefined;
  readonly hint: HintSpec;
  readonly sort: Doc | undefined;
  /** On an upsert insert, insert the document supplied as `c.new` (`UpdateOpEntry.upsertSupplied`). */
  readonly upsertSupplied?: boolean | undefined;
}

export interface UpdateCommandSpec {
  readonly collection: string;
  readonly statements: readonly UpdateStatementSpec[];
  readonly ordered: boolean;
  readonly bypassDocumentValidation: boolean;
  /** Milliseconds; undefined when absent or 0 (no limit). */
  readonly maxTimeMS: number | undefined;
  readonly writeConcern: Doc | undefined;
  readonly comment: Value | undefined;
  readonly let: Doc | undefined;
}

/** `UpdateModification::parseFromBSON`. */
export function parseUpdateModification(u: Value): UpdateModification {
  if (isDoc(u)) {
    const first = u.keys().next().value;
    // An empty object, or one whose first field is not `$`-prefixed, is a replacement.
    if (first === undefined || !first.startsWith('$')) return { kind: 'replacement', doc: u };
    return { kind: 'modifier', doc: u };
  }
  if (isArray(u)) {
    const stages = u.map((s) => {
      if (!isDoc(s)) throw fail(14, "Each element of the 'pipeline' array must be an object");
      return s;
    });
    return { kind: 'pipeline', stages };
  }
  throw fail(9, 'Update argument must be either an object or an array');
}

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

function parseStatement(raw: Value, index: number): UpdateStatementSpec {
  const base = 'update.updates';
  if (!isDoc(raw))
    throw fail(14, `BSON field '${base}.${index}' is the wrong type '${typeOf(raw)}', expected type 'object'`);
  let q: Doc | undefined;
  let u: UpdateModification | undefined;
  let c: Doc | undefined;
  // Made when a statement has an option (most have only `q` and `u`).
  let options: StatementOptions | undefined;
  // The field's path (for messages) is spelled only where a check may need it.
  for (const [k, v] of raw) {
    switch (k) {
      case 'q':
        if (isDoc(v)) q = v;
        else if (!isAbsent(v)) q = readObject(`${base}.${k}`, v);
        break;
      case 'u':
        if (v !== undefined) u = parseUpdateModification(v);
        break;
      case 'c':
        if (!isAbsent(v)) c = readObject(`${base}.${k}`, v);
        break;
      default: {
        const path = `${base}.${k}`;
        if (!readStatementOption((options ??= defaultStatementOptions()), k, path, v)) unknownField(path);
      }
    }
  }
  if (q === undefined) missingField(`${base}.q`);
  if (u === undefined) missingField(`${base}.u`);
  checkStatementSize(q, u);
  if (options === undefined) {
    return {
      index,
      q,
      u,
      c,
      upsert: false,
      multi: false,
      collation: undefined,
      arrayFilters: undefined,
      hint: NO_HINT,
      sort: undefined,
      upsertSupplied: undefined,
    };
  }
  const { upsert, multi, collation, arrayFilters, hint, sort, upsertSupplied } = options;
  return { index, q, u, c, upsert, multi, collation, arrayFilters, hint, sort, upsertSupplied };
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

/**
 * Seed limit: the size of `q` plus the size of `u` must not exceed the maximum BSON document size.
 * Reported like the server's oversized-object error (code 10334); the exact server wording for
 * this case is not verified.
 */
export function checkStatementSize(q: Doc, u: UpdateModification): void {
  const uSize = u.kind === 'pipeline' ? valueSize(u.stages as Value[]) : docSize(u.doc);
  const size = docSize(q) + uSize;
  if (size > MAX_BSON_SIZE) {
    throw fail(
      10334,
      `BSONObj size: ${size} (0x${size.toString(16).toUpperCase()}) is invalid. Size must be between 0 and 16793600(16MB)`,
    );
  }
}

/** Parses and validates an `update` command document. */
export function parseUpdateCommand(cmd: Doc): UpdateCommandSpec {
  const entries = cmd.entries();
  const first = entries.next();
  if (first.done === true || first.value[0] !== 'update') throw fail(59, 'no such command');
  const collection = first.value[1];
  if (typeof collection !== 'string') throw fail(73, `collection name has invalid type ${typeOf(collection)}`);
  if (collection === '') throw fail(73, `Invalid namespace specified '${dbNameOf(cmd)}.'`);

  let statements: UpdateStatementSpec[] | undefined;
  let comment: Value | undefined;
  const options = defaultWriteCommandOptions();
  // The rest of the fields, after the command name.
  for (const [k, v] of entries) {
    switch (k) {
      case 'updates': {
        if (isAbsent(v)) break;
        if (!isArray(v))
          throw fail(14, `BSON field 'update.${k}' is the wrong type '${typeOf(v)}', expected type 'array'`);
        statements = new Array<UpdateStatementSpec>(v.length);
        for (let i = 0; i < v.length; i++) statements[i] = parseStatement(v[i]!, i);
        break;
      }
      case 'comment':
        comment = v;
        break;
      case 'stmtId':
      case 'stmtIds':
      case 'runtimeConstants':
      case 'isTimeseriesNamespace':
      case 'collectionUUID':
        break;
      default: {
        const path = `update.${k}`;
        if (!readWriteCommandOption(options, k, path, v) && !GENERIC_ARGUMENTS.has(k)) unknownField(path);
      }
    }
  }
  if (statements === undefined) missingField('update.updates');
  checkWriteBatchSize(statements.length);
  return {
    collection,
    statements,
    ordered: options.ordered,
    bypassDocumentValidation: options.bypassDocumentValidation,
    maxTimeMS: options.maxTimeMS,
    writeConcern: options.writeConcern,
    comment,
    let: options.let,
  };
}

function dbNameOf(cmd: Doc): string {
  const db = cmd.get('$db');
  return typeof db === 'string' ? db : 'test';
}
