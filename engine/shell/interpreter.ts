/**
 * Evaluates a parsed mongosh script statement by statement. The only things a script can call are
 * the BSON helpers (bson-helpers.ts) and the shell methods of methods.ts; names resolve through
 * the script's own bindings, `db`, and those tables, and nothing else. Each statement yields one
 * result carrying its source range, what mongosh would print, and any warnings.
 *
 * Like `mongosh file.js`, the script stops at the first statement that throws (set
 * `continueOnError` to run the remaining statements anyway, as pasting into the REPL would).
 */
import { Double, ObjectId } from 'bson';
import type { Doc, Value } from '../bson/values.js';
import { BSON_UNDEFINED, Int32, isDoc, Long } from '../bson/values.js';
import { isEngineError } from '../errors.js';
import type { Expr, ObjectLiteral, Program, SourceRange, Span, SpreadElement, Statement } from './ast.js';
import { bsonHelper, makeRegex, type HelperContext } from './bson-helpers.js';
import { isMongoServerError, isShellClientError, MongoBulkWriteError } from './client-errors.js';
import {
  COLLECTION_METHODS,
  CURSOR_METHODS,
  DATABASE_METHODS,
  EXPLAINABLE_METHODS,
  lookupMethod,
  MONGO_METHODS,
  RECEIVER_CLASS,
  REPLICA_SET_METHODS,
  SESSION_METHODS,
  SHARD_METHODS,
  type MethodContext,
} from './methods.js';
import { BULK_FIND_OP_METHODS, BULK_METHODS } from './methods-bulk.js';
import { formatShellOutput, formatTopLevel, formatValue } from './format.js';
import { parseSource } from './parser.js';
import type { ShellResult } from './results.js';
import {
  CollectionHandle,
  CursorHandle,
  DatabaseHandle,
  describeShellObject,
  ExplainableHandle,
  BulkFindOpHandle,
  BulkHandle,
  FunctionHandle,
  isShellObject,
  mapValue,
  MAX_VALUE_NODES,
  MongoHandle,
  ReplicaSetHandle,
  ResultHandle,
  SessionHandle,
  ShardHandle,
  toJsNumber,
  truthy,
  type RuntimeValue,
} from './runtime-values.js';
import { isShellRuntimeError, isShellSyntaxError, ShellRuntimeError } from './shell-errors.js';
import { SourceText } from './source.js';
import type { ShellClientTarget } from './targets.js';

/** What a statement prints, before formatting (format.ts turns it into text). */
export type ShellOutput =
  /** Nothing is printed (a declaration, or a statement whose value is undefined). */
  | { readonly kind: 'none' }
  /** A BSON value (a document, a findOne result, a count…). */
  | { readonly kind: 'value'; readonly value: Value }
  /** A mongosh result object (UpdateResult, WriteResult, InsertOneResult…). */
  | { readonly kind: 'result'; readonly result: ShellResult }
  /** A cursor printed at top level: the documents it returns. */
  | {
      readonly kind: 'documents';
      readonly documents: readonly Value[];
      /** More documents wait in the cursor (`displayBatchSize` was reached): type `it` for them. */
      readonly hasMore?: boolean;
    }
  /** A shell message such as `switched to db test`, or a shell object's name. */
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'error'; readonly error: ShellErrorInfo };

export interface ShellErrorInfo {
  /** mongosh's error class: MongoServerError, MongoBulkWriteError, MongoInvalidArgumentError,
   *  MongoshInvalidInputError, TypeError, ReferenceError, SyntaxError, BSONError … */
  readonly name: string;
  readonly message: string;
  readonly code?: number;
  readonly codeName?: string;
  /** The header line mongosh prints: `MongoServerError[CodeName]: message`, `TypeError: …`. */
  readonly display: string;
  /** For a syntax error: where it is (1-based line and column). */
  readonly line?: number;
  readonly column?: number;
  /** The server's error document, when the server sent one (errInfo, keyValue, writeErrors …). */
  readonly errorResponse?: Doc;
  /** A bulk write's partial result and write errors (MongoBulkWriteError), printed by mongosh. */
  readonly bulkResult?: ShellResult;
  readonly writeErrors?: readonly Doc[];
  /** The thrown object itself, for callers that need more (e.g. MongoBulkWriteError.result). */
  readonly cause: unknown;
}

/** A line printed while the statement ran: a warning, or the output of print()/printjson(). */
export interface ShellMessage {
  readonly kind: 'warning' | 'print';
  readonly text: string;
}

export interface ShellStatementResult {
  /** 0-based position of the statement in the script. */
  readonly index: number;
  /** Where the statement is (or, for a syntax error, where the error is). */
  readonly range: SourceRange;
  /** The statement's source text. */
  readonly source: string;
  readonly output: ShellOutput;
  /** The warnings mongosh prints before the result (DeprecationWarning: …). */
  readonly warnings: readonly string[];
  /** Warnings and print() output, in the order they happened (printed before the result). */
  readonly messages: readonly ShellMessage[];
  /** For a runtime error: the part of the statement it points at (a call, a name), when known. */
  readonly errorRange?: SourceRange;
}

export interface InterpreterOptions {
  /** The database `db` starts on (mongosh's default: `test`). */
  readonly database?: string;
  /** The clock for `new Date()`, `ISODate()` and `Date()`. */
  readonly now?: () => Date;
  /** Makes the `_id`s of `ObjectId()`; injectable for deterministic tests. */
  readonly newObjectId?: () => ObjectId;
  /** Keep running after a statement throws (default false: stop, as `mongosh file.js` does). */
  readonly continueOnError?: boolean;
  /**
   * How many documents a cursor prints before `Type "it" for more` (mongosh's displayBatchSize,
   * 20). Default: all of them, since a playground script cannot answer `it` interactively.
   */
  readonly displayBatchSize?: number;
}

interface Binding {
  readonly kind: 'const' | 'let' | 'var';
  value: RuntimeValue;
}

/** Longest callee text quoted in "… is not a function" messages. */
const MAX_QUOTED_SOURCE = 80;

/**
 * One shell session: bindings and the current database persist across `run` calls, as in the
 * mongosh REPL. `runShellScript` in index.ts makes a fresh session per script.
 */
export class ShellInterpreter {
  private readonly client: ShellClientTarget;
  private readonly bindings = new Map<string, Binding>();
  private currentDb: string;
  private readonly helperContext: HelperContext;
  private readonly continueOnError: boolean;
  private source = new SourceText('');
  private messages: ShellMessage[] = [];
  private readonly displayBatchSize: number;
  /** Documents of the last printed cursor not shown yet (what `it` prints next). */
  private pendingDocuments: readonly Value[] = [];

  constructor(client: ShellClientTarget, options: InterpreterOptions = {}) {
    this.client = client;
    this.currentDb = options.database ?? 'test';
    this.continueOnError = options.continueOnError ?? false;
    this.displayBatchSize = options.displayBatchSize ?? Number.POSITIVE_INFINITY;
    this.helperContext = {
      now: options.now ?? (() => new Date()),
      newObjectId: options.newObjectId ?? (() => new ObjectId()),
      warn: (m) => this.warn(m),
    };
  }

  /** Deprecation warnings already printed: mongosh shows each one once per session. */
  private readonly deprecationsShown = new Set<string>();

  private warn(message: string): void {
    if (message.startsWith('DeprecationWarning:')) {
      if (this.deprecationsShown.has(message)) return;
      this.deprecationsShown.add(message);
    }
    this.messages.push({ kind: 'warning', text: message });
  }

  /** The database `db` currently names. */
  get databaseName(): string {
    return this.currentDb;
  }

  /** Parses and runs a script. A syntax error yields a single error result and runs nothing. */
  run(text: string): ShellStatementResult[] {
    this.source = new SourceText(text);
    let program: Program;
    try {
      program = parseSource(this.source);
    } catch (e) {
      // Never thrown for any input (the parser bounds its recursion), but a crash must stay a result.
      const span = isShellSyntaxError(e) ? { start: e.offset, end: e.endOffset } : { start: 0, end: 0 };
      const range = this.source.range(span);
      return [
        {
          index: 0,
          range,
          source: text.slice(span.start, span.end),
          warnings: [],
          messages: [],
          output: { kind: 'error', error: describeError(e) },
          errorRange: range,
        },
      ];
    }
    const results: ShellStatementResult[] = [];
    for (const [index, statement] of program.statements.entries()) {
      const result = this.runStatement(statement, index);
      results.push(result);
      if (result.output.kind === 'error' && !this.continueOnError) break;
    }
    return results;
  }

  private runStatement(statement: Statement, index: number): ShellStatementResult {
    this.messages = [];
    let output: ShellOutput;
    let errorSpan: Span | undefined;
    try {
      output = this.execute(statement);
    } catch (e) {
      output = { kind: 'error', error: describeError(e) };
      errorSpan = isShellRuntimeError(e) ? e.span : undefined;
    }
    const messages = this.messages;
    return {
      index,
      range: this.source.range(statement),
      source: this.source.text.slice(statement.start, statement.end),
      warnings: messages.filter((m) => m.kind === 'warning').map((m) => m.text),
      messages,
      output,
      ...(errorSpan !== undefined ? { errorRange: this.source.range(errorSpan) } : {}),
    };
  }

  private execute(statement: Statement): ShellOutput {
    switch (statement.kind) {
      case 'Use':
        return this.use(statement.database);
      case 'Show':
        return statement.what === 'collections'
          ? { kind: 'text', text: this.client.db(this.currentDb).getCollectionNames().join('\n') }
          : { kind: 'text', text: this.showDatabases() };
      case 'Declaration':
        for (const d of statement.declarators) {
          const existing = this.bindings.get(d.name.name);
          if (existing !== undefined && (existing.kind !== 'var' || statement.declarationKind !== 'var')) {
            throw new ShellRuntimeError('SyntaxError', `Identifier '${d.name.name}' has already been declared`, d.name);
          }
          const value = d.init === undefined ? undefined : this.evaluate(d.init);
          this.bindings.set(d.name.name, { kind: statement.declarationKind, value });
        }
        return { kind: 'none' };
      case 'ExpressionStatement': {
        const e = statement.expression;
        if (e.kind === 'Identifier' && e.name === 'it' && !this.bindings.has('it')) return this.iterate();
        return this.present(this.evaluate(e));
      }
    }
  }

  /** mongosh's `it`: the next batch of the last cursor printed. */
  private iterate(): ShellOutput {
    if (this.pendingDocuments.length === 0) {
      throw new ShellRuntimeError(
        'Error',
        'no cursor: "it" continues the last cursor that printed "Type "it" for more"',
      );
    }
    return this.showDocuments(this.pendingDocuments);
  }

  /** A batch of a cursor's documents; the rest wait for `it`. */
  private showDocuments(all: readonly Value[]): ShellOutput {
    const shown = all.slice(0, this.displayBatchSize);
    this.pendingDocuments = all.slice(shown.length);
    return this.pendingDocuments.length > 0
      ? { kind: 'documents', documents: shown, hasMore: true }
      : { kind: 'documents', documents: shown };
  }

  /** `show dbs`: names and sizes, aligned as mongosh prints them. */
  private showDatabases(): string {
    const list = this.client.listDatabases;
    if (list === undefined) throw new ShellRuntimeError('TypeError', 'show dbs is not available');
    const dbs = list.call(this.client).map((d) => {
      const name = d.get('name');
      const size = d.get('sizeOnDisk');
      return {
        name: typeof name === 'string' ? name : '',
        bytes:
          typeof size === 'number' ? size : size instanceof Int32 || size instanceof Long ? Number(size.toString()) : 0,
      };
    });
    const width = Math.max(0, ...dbs.map((d) => d.name.length));
    return dbs.map((d) => `${d.name.padEnd(width)}  ${formatBytes(d.bytes)}`).join('\n');
  }

  private use(name: string): ShellOutput {
    // The server's rules for database names (no empty name, no /\. "$ characters, < 64 bytes).
    if (name === '' || /[/\\. "$\0]/.test(name) || name.length >= 64) {
      throw new ShellRuntimeError('MongoshInvalidInputError', `[COMMON-10001] Invalid database name: ${name}`);
    }
    if (name === this.currentDb) return { kind: 'text', text: `already on db ${name}` };
    this.currentDb = name;
    return { kind: 'text', text: `switched to db ${name}` };
  }

  /** What mongosh prints for a statement's value. */
  private present(v: RuntimeValue): ShellOutput {
    if (v === undefined) return { kind: 'none' };
    if (v instanceof CursorHandle) return this.showDocuments(v.target.toArray());
    if (v instanceof ResultHandle) return { kind: 'result', result: v.result };
    if (v instanceof DatabaseHandle) return { kind: 'text', text: v.target.name };
    if (v instanceof CollectionHandle) return { kind: 'text', text: `${v.database.target.name}.${v.name}` };
    if (v instanceof MongoHandle) return { kind: 'text', text: 'Mongo' };
    if (v instanceof SessionHandle) return { kind: 'text', text: 'Session' };
    if (v instanceof ExplainableHandle) return { kind: 'text', text: 'Explainable' };
    // mongosh prints a Bulk as its toJSON() (operation counts and batches) and a BulkFindOp by name.
    if (v instanceof BulkHandle) return { kind: 'value', value: v.target.toJSON() };
    if (v instanceof BulkFindOpHandle) return { kind: 'text', text: 'BulkFindOp' };
    if (v instanceof ShardHandle) return { kind: 'text', text: 'Shard' };
    if (v instanceof ReplicaSetHandle) return { kind: 'text', text: 'ReplicaSet' };
    if (v instanceof FunctionHandle) return { kind: 'text', text: `[Function: ${v.displayName}]` };
    return { kind: 'value', value: plainValue(v) };
  }

  // ---- expressions ----------------------------------------------------------------------------

  private evaluate(e: Expr): RuntimeValue {
    switch (e.kind) {
      case 'Number':
        return e.value;
      case 'BigInt':
        return bigintToLong(e.value, e);
      case 'String':
        return e.value;
      case 'Boolean':
        return e.value;
      case 'Null':
        return null;
      case 'Undefined':
        return undefined;
      case 'Regex':
        return withSpan(e, () => makeRegex(e.pattern, e.flags));
      case 'Identifier':
        return this.lookup(e.name, e);
      case 'Object':
        return this.evaluateObject(e.properties);
      case 'Array':
        // Elements went through storable(), so the array holds values only.
        return this.evaluateList(e.elements, 'array') as Value[];
      case 'Member':
        return this.member(e);
      case 'Call':
        return this.call(e);
      case 'Unary': {
        if (e.operator === '-' && e.argument.kind === 'BigInt') return bigintToLong(-e.argument.value, e);
        const v = this.evaluate(e.argument);
        if (e.operator === '!') return !truthy(v);
        const n = toJsNumber(v);
        return e.operator === '-' ? -n : n;
      }
      case 'Assign': {
        const value = this.evaluate(e.value);
        const b = this.bindings.get(e.target.name);
        if (b === undefined) {
          // Sloppy-mode JavaScript (mongosh scripts) creates a global on assignment.
          this.bindings.set(e.target.name, { kind: 'var', value });
        } else if (b.kind === 'const') {
          throw new ShellRuntimeError('TypeError', 'Assignment to constant variable.', e.target);
        } else {
          b.value = value;
        }
        return value;
      }
    }
  }

  /** print(a, b …) prints its arguments separated by spaces (strings bare); printjson(x) one value. */
  private printer(name: 'print' | 'printjson'): FunctionHandle {
    return new FunctionHandle(
      name,
      (args) => {
        const shown = name === 'printjson' ? args.slice(0, 1) : args;
        const text = shown
          .map((a) => {
            const out = this.present(a);
            if (out.kind === 'value') return name === 'printjson' ? formatValue(out.value) : formatTopLevel(out.value);
            return formatShellOutput(out);
          })
          .join(' ');
        this.messages.push({ kind: 'print', text });
        return undefined;
      },
      false,
    );
  }

  private lookup(name: string, span: Span): RuntimeValue {
    const b = this.bindings.get(name);
    if (b !== undefined) return b.value;
    if (name === 'db') return new DatabaseHandle(this.client.db(this.currentDb), this.client);
    if (name === 'sh' || name === 'rs') {
      // mongosh binds both to the current database; an API without them leaves the names undefined.
      const database = this.client.db(this.currentDb);
      const target = name === 'sh' ? database.shard?.() : database.replicaSet?.();
      if (target !== undefined) return name === 'sh' ? new ShardHandle(target) : new ReplicaSetHandle(target);
    }
    if (name === 'print' || name === 'printjson') return this.printer(name);
    const helper = bsonHelper(name, this.helperContext);
    if (helper !== undefined) return helper;
    throw new ShellRuntimeError('ReferenceError', `${name} is not defined`, span);
  }

  /**
   * An object literal becomes an engine document (Map, so key order and names like `__proto__`
   * are kept as data). Numbers stay JS numbers until sent; `undefined` values are kept out of the
   * engine's type by turning them into null, which is what the driver would send.
   */
  private evaluateObject(properties: ObjectLiteral['properties']): Doc {
    const out: Doc = new Map();
    for (const p of properties) {
      if (p.kind === 'Property') {
        out.set(p.key, this.storable(this.evaluate(p.value), p.value));
        continue;
      }
      // Spread copies a document's fields (or an array's / a string's indexed elements), as
      // JavaScript's object spread does; other values contribute nothing.
      const v = this.evaluate(p.argument);
      if (isDoc(v)) for (const [k, x] of v) out.set(k, x);
      else if (Array.isArray(v)) v.forEach((x, i) => out.set(String(i), x));
      else if (typeof v === 'string') for (let i = 0; i < v.length; i++) out.set(String(i), v.charAt(i));
      else if (v !== undefined) this.storable(v, p);
    }
    return out;
  }

  private evaluateList(elements: readonly (Expr | SpreadElement)[], what: 'array' | 'arguments'): RuntimeValue[] {
    const out: RuntimeValue[] = [];
    for (const el of elements) {
      if (el.kind === 'Spread') {
        const v = this.evaluate(el.argument);
        if (Array.isArray(v)) for (const x of v) out.push(x);
        else if (typeof v === 'string') for (const ch of v) out.push(ch);
        else throw new ShellRuntimeError('TypeError', 'Spread syntax requires an iterable (an array or a string)', el);
        if (out.length > MAX_VALUE_NODES) {
          throw new ShellRuntimeError(
            'RangeError',
            `The array is too large (more than ${MAX_VALUE_NODES} elements)`,
            el,
          );
        }
      } else {
        const v = this.evaluate(el);
        out.push(what === 'array' ? this.storable(v, el) : v);
      }
    }
    return out;
  }

  /** A value placed in a document or array: shell objects cannot be stored. */
  private storable(v: RuntimeValue, span: Span): Value {
    if (v === undefined) return null;
    if (isShellObject(v)) {
      throw new ShellRuntimeError(
        'TypeError',
        `${describeShellObject(v)} cannot be stored in a document or an array`,
        span,
      );
    }
    // A Double marker stays in the document until sent (toBson turns it into a double).
    return v as Value;
  }

  private propertyKey(e: Expr | string): string {
    if (typeof e === 'string') return e;
    const k = this.evaluate(e);
    if (typeof k === 'string') return k;
    if (typeof k === 'number') return String(k);
    if (k instanceof Int32 || k instanceof Double) return String(k.value);
    if (k instanceof Long) return k.toString();
    if (k === null || k === undefined || typeof k === 'boolean') return String(k);
    throw new ShellRuntimeError('TypeError', 'A computed property name must be a string or a number', e);
  }

  private member(e: Extract<Expr, { kind: 'Member' }>): RuntimeValue {
    const object = this.evaluate(e.object);
    const key = this.propertyKey(e.property);
    if (object === undefined || object === null) {
      throw new ShellRuntimeError(
        'TypeError',
        `Cannot read properties of ${String(object)} (reading '${key}')`,
        e.propertySpan,
      );
    }
    if (object instanceof MongoHandle) {
      const m = lookupMethod(MONGO_METHODS, key);
      return m === undefined ? undefined : this.bind(object, m, RECEIVER_CLASS.mongo, key, e);
    }
    if (object instanceof SessionHandle) {
      const m = lookupMethod(SESSION_METHODS, key);
      return m === undefined ? undefined : this.bind(object, m, RECEIVER_CLASS.session, key, e);
    }
    if (object instanceof DatabaseHandle) {
      const m = lookupMethod(DATABASE_METHODS, key);
      if (m !== undefined) return this.bind(object, m, RECEIVER_CLASS.database, key, e);
      // Any other valid name is a collection, as `db.<name>` is in mongosh.
      return namesCollection(key) ? new CollectionHandle(object.target.collection(key), object, key) : undefined;
    }
    if (object instanceof CollectionHandle) {
      const m = lookupMethod(COLLECTION_METHODS, key);
      if (m !== undefined) return this.bind(object, m, RECEIVER_CLASS.collection, key, e);
      // `db.a.b` is the collection `a.b`.
      if (!namesCollection(key)) return undefined;
      const name = `${object.name}.${key}`;
      return new CollectionHandle(object.database.target.collection(name), object.database, name);
    }
    if (object instanceof ShardHandle) {
      const m = lookupMethod(SHARD_METHODS, key);
      return m === undefined ? undefined : this.bind(object, m, RECEIVER_CLASS.shard, key, e);
    }
    if (object instanceof ReplicaSetHandle) {
      const m = lookupMethod(REPLICA_SET_METHODS, key);
      return m === undefined ? undefined : this.bind(object, m, RECEIVER_CLASS.replicaSet, key, e);
    }
    if (object instanceof CursorHandle) {
      const m = lookupMethod(CURSOR_METHODS, key);
      return m === undefined ? undefined : this.bind(object, m, RECEIVER_CLASS.cursor, key, e);
    }
    if (object instanceof ExplainableHandle) {
      const m = lookupMethod(EXPLAINABLE_METHODS, key);
      return m === undefined ? undefined : this.bind(object, m, RECEIVER_CLASS.explainable, key, e);
    }
    if (object instanceof BulkHandle) {
      const m = lookupMethod(BULK_METHODS, key);
      return m === undefined ? undefined : this.bind(object, m, RECEIVER_CLASS.bulk, key, e);
    }
    if (object instanceof BulkFindOpHandle) {
      const m = lookupMethod(BULK_FIND_OP_METHODS, key);
      return m === undefined ? undefined : this.bind(object, m, RECEIVER_CLASS.bulkFindOp, key, e);
    }
    if (object instanceof FunctionHandle) return undefined;
    if (object instanceof ResultHandle) return resultField(object.result, key);
    return valueMember(object, key, this.helperContext);
  }

  private bind<T>(
    receiver: T,
    method: (target: T, args: readonly RuntimeValue[], ctx: MethodContext) => RuntimeValue,
    className: string,
    name: string,
    e: Extract<Expr, { kind: 'Member' }>,
  ): FunctionHandle {
    const ctx: MethodContext = {
      fn: `${className}.${name}`,
      callee: this.quote(e),
      warn: (m) => this.warn(m),
    };
    return new FunctionHandle(name, (args) => method(receiver, args, ctx), false);
  }

  private call(e: Extract<Expr, { kind: 'Call' }>): RuntimeValue {
    const callee = this.evaluate(e.callee);
    if (!(callee instanceof FunctionHandle)) {
      throw new ShellRuntimeError(
        'TypeError',
        `${this.quote(e.callee)} is not a ${e.isNew ? 'constructor' : 'function'}`,
        e.callee,
      );
    }
    if (e.isNew && !callee.constructible) {
      throw new ShellRuntimeError('TypeError', `${this.quote(e.callee)} is not a constructor`, e.callee);
    }
    const args = this.evaluateList(e.args, 'arguments');
    return withSpan(e, () => callee.invoke(args, e.isNew));
  }

  /** The callee as written, for messages (V8 quotes the source the same way). */
  private quote(span: Span): string {
    const text = this.source.text.slice(span.start, span.end).replace(/\s+/g, '');
    return text.length > MAX_QUOTED_SOURCE ? `${text.slice(0, MAX_QUOTED_SOURCE)}…` : text;
  }
}

/** Names JavaScript objects inherit (`constructor`, `toString`, `__proto__` …). */
const OBJECT_PROTOTYPE_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * Whether `db.<name>` / `db.c.<name>` names a collection. mongosh's proxies answer names starting
 * with `_`, invalid collection names and the properties every object has with something other
 * than a collection; here those are undefined (so they can never reach JavaScript internals).
 * `db.getCollection("…")` reaches any name.
 */
function namesCollection(name: string): boolean {
  return (
    name !== '' &&
    !name.startsWith('_') &&
    !name.includes('$') &&
    !name.includes('\0') &&
    !OBJECT_PROTOTYPE_NAMES.has(name)
  );
}

/** The driver writes a BigInt as int64; one that does not fit cannot be sent. */
function bigintToLong(value: bigint, span: Span): Long {
  if (value < -(2n ** 63n) || value >= 2n ** 63n) {
    throw new ShellRuntimeError('RangeError', `The BigInt ${value} does not fit in an int64`, span);
  }
  return Long.fromBigInt(value);
}

/** mongosh's human-readable sizes (`40.00 KiB`). */
function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let n = bytes;
  let u = 0;
  while (n >= 1024 && u < units.length - 1) {
    n /= 1024;
    u++;
  }
  return `${n.toFixed(2)} ${units[u] ?? 'B'}`;
}

/** Attaches the span to shell errors raised without one (for editor markers). */
function withSpan<T>(span: Span, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (isShellRuntimeError(e) && e.span === undefined) throw new ShellRuntimeError(e.errorName, e.message, span);
    throw e;
  }
}

/** A script value shown as a BSON value: Double markers become doubles, numbers stay as they are. */
function plainValue(v: RuntimeValue): Value {
  return mapValue(
    v,
    (x) => {
      if (x instanceof Double) return x.value;
      if (x === undefined) return BSON_UNDEFINED;
      if (isShellObject(x)) return describeShellObject(x);
      return x;
    },
    () => 'The result',
  );
}

/** Fields of a mongosh result object (`r.insertedId`, `r.matchedCount` …); own fields only. */
function resultField(result: ShellResult, key: string): RuntimeValue {
  if (key === 'kind' || !Object.prototype.hasOwnProperty.call(result, key)) return undefined;
  const v = (result as unknown as Record<string, unknown>)[key];
  if (v instanceof Map && !isDoc(v)) return undefined;
  if (v instanceof Map) {
    // insertedIds / upsertedIds are maps from index to id; expose them as documents.
    const out: Doc = new Map();
    for (const [k, x] of v as Map<unknown, unknown>) out.set(String(k), x as Value);
    return out;
  }
  return v as RuntimeValue;
}

/** Property access on a BSON value: document fields, array elements, and a few value methods. */
function valueMember(object: RuntimeValue, key: string, ctx: HelperContext): RuntimeValue {
  if (isDoc(object)) return object.has(key) ? (object.get(key) as Value) : undefined;
  if (Array.isArray(object) || typeof object === 'string') {
    if (key === 'length') return object.length;
    if (/^(?:0|[1-9]\d*)$/.test(key)) {
      const i = Number(key);
      return i < object.length ? object[i] : undefined;
    }
    return undefined;
  }
  const method = valueMethod(object, key, ctx);
  return method;
}

/** The handful of methods mongosh users call on values (`id.getTimestamp()`, `d.toISOString()`). */
function valueMethod(object: RuntimeValue, key: string, _ctx: HelperContext): FunctionHandle | undefined {
  if (object === null || object === undefined || typeof object !== 'object') return undefined;
  const fn = (name: string, f: () => RuntimeValue): FunctionHandle => new FunctionHandle(name, () => f(), false);
  if (object instanceof Date) {
    if (key === 'toISOString') return fn(key, () => object.toISOString());
    if (key === 'getTime' || key === 'valueOf') return fn(key, () => object.getTime());
    if (key === 'toString') return fn(key, () => object.toString());
    return undefined;
  }
  if (!('_bsontype' in object)) return undefined;
  switch (object._bsontype) {
    case 'ObjectId':
      if (key === 'toString' || key === 'toHexString') return fn(key, () => object.toHexString());
      if (key === 'getTimestamp') return fn(key, () => object.getTimestamp());
      return undefined;
    case 'Long':
      if (key === 'toString') return fn(key, () => object.toString());
      if (key === 'toNumber') return fn(key, () => object.toNumber());
      return undefined;
    case 'Int32':
    case 'Double':
      if (key === 'toString') return fn(key, () => String(object.value));
      if (key === 'valueOf') return fn(key, () => object.value);
      return undefined;
    case 'Decimal128':
      if (key === 'toString') return fn(key, () => object.toString());
      return undefined;
    default:
      return undefined;
  }
}

/** Normalises anything a statement threw into what mongosh prints. */
export function describeError(e: unknown): ShellErrorInfo {
  if (isShellSyntaxError(e)) {
    return {
      name: 'SyntaxError',
      message: e.message,
      display: `SyntaxError: ${e.message} (${e.line}:${e.column})`,
      line: e.line,
      column: e.column,
      cause: e,
    };
  }
  if (isShellRuntimeError(e)) {
    return { name: e.errorName, message: e.message, display: `${e.errorName}: ${e.message}`, cause: e };
  }
  if (isMongoServerError(e)) {
    const bulk = e instanceof MongoBulkWriteError ? { bulkResult: e.result, writeErrors: e.writeErrors } : {};
    return {
      ...bulk,
      name: e.name,
      message: e.errmsg,
      code: e.code,
      ...(e.codeName !== undefined ? { codeName: e.codeName } : {}),
      display: `${e.name}${e.codeName !== undefined ? `[${e.codeName}]` : ''}: ${e.errmsg}`,
      errorResponse: e.errorResponse,
      cause: e,
    };
  }
  if (isEngineError(e)) {
    return {
      name: 'MongoServerError',
      message: e.errmsg,
      code: e.code,
      ...(e.codeName !== undefined ? { codeName: e.codeName } : {}),
      display: `MongoServerError${e.codeName !== undefined ? `[${e.codeName}]` : ''}: ${e.errmsg}`,
      cause: e,
    };
  }
  if (isShellClientError(e)) {
    return { name: e.name, message: e.message, display: `${e.name}: ${e.message}`, cause: e };
  }
  if (e instanceof RangeError && /call stack/i.test(e.message)) {
    return {
      name: 'RangeError',
      message: 'The statement is nested too deeply to run',
      display: 'RangeError: The statement is nested too deeply to run',
      cause: e,
    };
  }
  const name = e instanceof Error ? e.name : 'Error';
  const message = e instanceof Error ? e.message : String(e);
  return { name, message, display: `${name}: ${message}`, cause: e };
}
