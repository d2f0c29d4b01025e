/**
 * Parses the `update` command document into a typed request, with the server's IDL rules
 * (`write_ops.idl`: `update` command, `WriteCommandRequestBase`, `UpdateOpEntry`) and its
 * post-parse checks (`checkOpCountForCommand`, `UpdateModification::parseFromBSON`).
 * Everything here fails the whole command (`ok: 0`), as parse errors do on the server.
 */
import { isArray, isDoc, typeOf, type Doc, type Value } from '../../bson/values.js';
import { fail } from '../../errors.js';
import { docSize, valueSize } from './bson-size.js';
import { GENERIC_ARGUMENTS, isAbsent, missingField, readObject, unknownField } from './fields.js';
import { checkStatementIds, checkWriteBatchSize } from '../write-batch.js';
import {
  defaultStatementOptions,
  defaultWriteCommandOptions,
  NO_HINT,
  readStatementOption,
  readWriteCommandOption,
  type HintSpec,
  type StatementOptions,
} from './write-options.js';

export {
  defaultStatementOptions,
  defaultWriteCommandOptions,
  NO_HINT,
  parseHint,
  readStatementOption,
  readWriteCommandOption,
  UPDATE_STATEMENT_OPTIONS,
  WRITE_COMMAND_OPTIONS,
  type HintSpec,
  type StatementOptions,
  type WriteCommandOptions,
} from './write-options.js';

export const MAX_BSON_SIZE = 16 * 1024 * 1024;

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

/**
 * One statement's fields as `parseStatement` reads them, walked with `forEach` (a Map's entry
 * iterator makes an array per field); one reader serves every statement of a command.
 */
class StatementFieldReader {
  q: Doc | undefined = undefined;
  u: UpdateModification | undefined = undefined;
  c: Doc | undefined = undefined;
  // Made when a statement has an option (most have only `q` and `u`).
  options: StatementOptions | undefined = undefined;

  reset(): void {
    this.q = undefined;
    this.u = undefined;
    this.c = undefined;
    this.options = undefined;
  }

  // The field's path (for messages) is spelled only where a check may need it.
  read(v: Value, k: string): void {
    switch (k) {
      case 'q':
        if (isDoc(v)) this.q = v;
        else if (!isAbsent(v)) this.q = readObject(`${STATEMENT_BASE}.${k}`, v);
        break;
      case 'u':
        if (v !== undefined) this.u = parseUpdateModification(v);
        break;
      case 'c':
        if (!isAbsent(v)) this.c = readObject(`${STATEMENT_BASE}.${k}`, v);
        break;
      default: {
        const path = `${STATEMENT_BASE}.${k}`;
        if (!readStatementOption((this.options ??= defaultStatementOptions()), k, path, v)) unknownField(path);
      }
    }
  }
}

const STATEMENT_BASE = 'update.updates';

function readStatementField(this: StatementFieldReader, v: Value, k: string): void {
  this.read(v, k);
}

function parseStatement(raw: Value, index: number, fields: StatementFieldReader): UpdateStatementSpec {
  if (!isDoc(raw))
    throw fail(14, `BSON field '${STATEMENT_BASE}.${index}' is the wrong type '${typeOf(raw)}', expected type 'object'`);
  fields.reset();
  raw.forEach(readStatementField, fields);
  const { q, u, c, options } = fields;
  if (q === undefined) missingField(`${STATEMENT_BASE}.q`);
  if (u === undefined) missingField(`${STATEMENT_BASE}.u`);
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

/** The command's fields as `parseUpdateCommand` reads them, walked with `forEach` (no entry arrays). */
class CommandFieldReader {
  /** Fields read so far: the first one is the command name. */
  count = 0;
  collection = '';
  statements: UpdateStatementSpec[] | undefined = undefined;
  comment: Value | undefined = undefined;
  readonly options = defaultWriteCommandOptions();
  private statementFields: StatementFieldReader | undefined = undefined;

  constructor(private readonly cmd: Doc) {}

  read(v: Value, k: string): void {
    if (this.count++ === 0) {
      if (k !== 'update') throw fail(59, 'no such command');
      if (typeof v !== 'string') throw fail(73, `collection name has invalid type ${typeOf(v)}`);
      if (v === '') throw fail(73, `Invalid namespace specified '${dbNameOf(this.cmd)}.'`);
      this.collection = v;
      return;
    }
    switch (k) {
      case 'updates': {
        if (isAbsent(v)) break;
        if (!isArray(v))
          throw fail(14, `BSON field 'update.${k}' is the wrong type '${typeOf(v)}', expected type 'array'`);
        const fields = (this.statementFields ??= new StatementFieldReader());
        const statements = new Array<UpdateStatementSpec>(v.length);
        for (let i = 0; i < v.length; i++) statements[i] = parseStatement(v[i]!, i, fields);
        this.statements = statements;
        break;
      }
      case 'comment':
        this.comment = v;
        break;
      case 'stmtIds':
        if (!isAbsent(v) && !isArray(v))
          throw fail(14, `BSON field 'update.${k}' is the wrong type '${typeOf(v)}', expected type 'array'`);
        break;
      case 'stmtId':
      case 'runtimeConstants':
      case 'isTimeseriesNamespace':
      case 'collectionUUID':
        break;
      default: {
        const path = `update.${k}`;
        if (!readWriteCommandOption(this.options, k, path, v) && !GENERIC_ARGUMENTS.has(k)) unknownField(path);
      }
    }
  }
}

function readCommandField(this: CommandFieldReader, v: Value, k: string): void {
  this.read(v, k);
}

/** Parses and validates an `update` command document. */
export function parseUpdateCommand(cmd: Doc): UpdateCommandSpec {
  const fields = new CommandFieldReader(cmd);
  cmd.forEach(readCommandField, fields);
  if (fields.count === 0) throw fail(59, 'no such command');
  const { collection, statements, comment, options } = fields;
  if (statements === undefined) missingField('update.updates');
  checkWriteBatchSize(statements.length);
  checkStatementIds(cmd, statements.length);
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
