/**
 * Values the interpreter passes around. Besides engine values, a script can hold shell objects
 * (a database, a collection, a cursor, an explainable, a method not yet called) and mongosh result
 * objects. Shell objects are instances of the classes below, never the API's own objects, so the
 * interpreter decides what a name means from its tables and never reads arbitrary JS properties.
 *
 * Numbers follow mongosh: a numeric literal is a JS number until it is sent; at the API boundary an
 * integral number that fits int32 becomes Int32 and any other number stays a double (the Node
 * driver's serializer rule, which mongosh inherits). `Double(…)` keeps an explicit double.
 */
import { Double } from 'bson';
import type { Doc, Value } from '../bson/values.js';
import { BSON_UNDEFINED, Int32, isDoc } from '../bson/values.js';
import type { ShellResult } from './results.js';
import { ShellRuntimeError } from './shell-errors.js';
import type {
  ShellClientTarget,
  ShellCollectionTarget,
  ShellCursorTarget,
  ShellDatabaseTarget,
  ShellBulkFindOpTarget,
  ShellBulkTarget,
  ShellExplainableTarget,
  ShellReplicaSetTarget,
  ShellSessionTarget,
  ShellShardTarget,
} from './targets.js';

/** `db.getMongo()`: the client. */
export class MongoHandle {
  constructor(readonly target: ShellClientTarget) {}
}

/** `db.getMongo().startSession()`. */
export class SessionHandle {
  constructor(
    readonly target: ShellSessionTarget,
    readonly client: ShellClientTarget,
  ) {}
}

export class DatabaseHandle {
  constructor(
    readonly target: ShellDatabaseTarget,
    readonly client: ShellClientTarget,
  ) {}
}

export class CollectionHandle {
  constructor(
    readonly target: ShellCollectionTarget,
    readonly database: DatabaseHandle,
    readonly name: string,
  ) {}
}

/** mongosh's `sh`. */
export class ShardHandle {
  constructor(readonly target: ShellShardTarget) {}
}

/** mongosh's `rs`. */
export class ReplicaSetHandle {
  constructor(readonly target: ShellReplicaSetTarget) {}
}

export class CursorHandle {
  constructor(readonly target: ShellCursorTarget) {}
}

export class ExplainableHandle {
  constructor(readonly target: ShellExplainableTarget) {}
}

/** `db.c.initializeOrderedBulkOp()`: mongosh's legacy Bulk. */
export class BulkHandle {
  constructor(readonly target: ShellBulkTarget) {}
}

/** `bulk.find(selector)`: mongosh's BulkFindOp. */
export class BulkFindOpHandle {
  constructor(
    readonly target: ShellBulkFindOpTarget,
    readonly bulk: BulkHandle,
  ) {}
}

/** A shell method or BSON helper, named as mongosh names it (`Collection.find`, `ObjectId`). */
export class FunctionHandle {
  constructor(
    readonly displayName: string,
    readonly invoke: (args: readonly RuntimeValue[], isNew: boolean) => RuntimeValue,
    readonly constructible: boolean,
  ) {}
}

/** A mongosh-shaped result (UpdateResult, WriteResult …) as returned by the API. */
export class ResultHandle {
  constructor(readonly result: ShellResult) {}
}

export type ShellObject =
  | MongoHandle
  | SessionHandle
  | DatabaseHandle
  | CollectionHandle
  | ShardHandle
  | ReplicaSetHandle
  | CursorHandle
  | ExplainableHandle
  | BulkHandle
  | BulkFindOpHandle
  | FunctionHandle
  | ResultHandle;

/** `undefined` is JavaScript's undefined (a missing value); Double marks an explicit double. */
export type RuntimeValue = Value | Double | ShellObject | undefined;

export function isShellObject(v: RuntimeValue): v is ShellObject {
  return (
    v instanceof MongoHandle ||
    v instanceof SessionHandle ||
    v instanceof DatabaseHandle ||
    v instanceof CollectionHandle ||
    v instanceof ShardHandle ||
    v instanceof ReplicaSetHandle ||
    v instanceof CursorHandle ||
    v instanceof ExplainableHandle ||
    v instanceof BulkHandle ||
    v instanceof BulkFindOpHandle ||
    v instanceof FunctionHandle ||
    v instanceof ResultHandle
  );
}

/** A result the API returned: mongosh result objects are plain objects tagged with `kind`. */
export function isShellResult(x: unknown): x is ShellResult {
  if (typeof x !== 'object' || x === null) return false;
  if (x instanceof Map || Array.isArray(x) || x instanceof Date || '_bsontype' in x) return false;
  return typeof (x as { kind?: unknown }).kind === 'string';
}

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

/** A JS number as the driver serializes it: int32 when integral and in range, else double. */
export function numberToBson(n: number): Value {
  if (Number.isInteger(n) && n >= INT32_MIN && n <= INT32_MAX && !Object.is(n, -0)) return new Int32(n);
  return n;
}

/** Deepest document/array nesting a script may build or send (the server allows about 180). */
export const MAX_VALUE_DEPTH = 200;
/**
 * Most values (counting shared parts once per use) a script may send or print. Bindings can share
 * one array many times (`const b = [a, a]` repeated), which would otherwise grow exponentially
 * when copied; the driver would stop at the 16MB BSON limit, this stops earlier and cleanly.
 */
export const MAX_VALUE_NODES = 2_000_000;

/** Number of values in `v` once every shared part is written out, memoised per object. */
function expandedSize(v: unknown, memo: Map<object, number>, depth: number, where: () => string): number {
  if (v === null || typeof v !== 'object' || !(v instanceof Map || Array.isArray(v))) return 1;
  const known = memo.get(v);
  if (known !== undefined) return known;
  if (depth > MAX_VALUE_DEPTH) {
    throw new ShellRuntimeError(
      'RangeError',
      `${where()}: the value is nested too deeply (more than ${MAX_VALUE_DEPTH} levels)`,
    );
  }
  let n = 1;
  for (const x of v instanceof Map ? v.values() : v) {
    n += expandedSize(x, memo, depth + 1, where);
    if (n > MAX_VALUE_NODES) break;
  }
  memo.set(v, n);
  return n;
}

/** Copies documents and arrays, mapping every other value through `leaf`, within the limits above. */
export function mapValue(v: RuntimeValue, leaf: (x: RuntimeValue) => Value, where: () => string): Value {
  if (expandedSize(v, new Map(), 0, where) > MAX_VALUE_NODES) {
    throw new ShellRuntimeError(
      'RangeError',
      `${where()}: the value is too large (more than ${MAX_VALUE_NODES} nested values)`,
    );
  }
  const copy = (x: RuntimeValue): Value => {
    if (isDoc(x)) {
      const out: Doc = new Map();
      for (const [k, y] of x) out.set(k, copy(y as RuntimeValue));
      return out;
    }
    if (Array.isArray(x)) return x.map((y) => copy(y as RuntimeValue));
    return leaf(x);
  };
  return copy(v);
}

/**
 * Deep copy of a script value into an engine value, as the driver would serialize it.
 * `undefined` inside a document or array becomes null (the Node driver's default,
 * `ignoreUndefined: false`, writes BSON null). Shell objects cannot be stored.
 */
export function toBson(v: RuntimeValue, where: () => string): Value {
  return mapValue(
    v,
    (x) => {
      if (x === undefined) return null;
      if (typeof x === 'number') return numberToBson(x);
      if (x instanceof Double) return x.value;
      if (isShellObject(x)) {
        throw new ShellRuntimeError(
          'TypeError',
          `${where()}: ${describeShellObject(x)} cannot be stored in a document`,
        );
      }
      return x;
    },
    where,
  );
}

export function describeShellObject(v: ShellObject): string {
  if (v instanceof MongoHandle) return 'the client';
  if (v instanceof SessionHandle) return 'a session';
  if (v instanceof DatabaseHandle) return `the database ${v.target.name}`;
  if (v instanceof CollectionHandle) return `the collection ${v.database.target.name}.${v.name}`;
  if (v instanceof ShardHandle) return 'the sharding helper sh';
  if (v instanceof ReplicaSetHandle) return 'the replica set helper rs';
  if (v instanceof CursorHandle) return 'a cursor';
  if (v instanceof ExplainableHandle) return 'an explainable';
  if (v instanceof BulkHandle) return 'a Bulk';
  if (v instanceof BulkFindOpHandle) return 'a BulkFindOp';
  if (v instanceof FunctionHandle) return `the function ${v.displayName}`;
  return `a ${v.result.kind}`;
}

/** JavaScript truthiness, for `!`. */
export function truthy(v: RuntimeValue): boolean {
  if (v === undefined || v === null || v === false || v === '' || v === BSON_UNDEFINED) return false;
  if (typeof v === 'number') return !(v === 0 || Number.isNaN(v));
  return true;
}

/** JavaScript's ToNumber for the values a script can hold (used by unary `-` and `+`). */
export function toJsNumber(v: RuntimeValue): number {
  if (typeof v === 'number') return v;
  if (v === undefined || v === BSON_UNDEFINED) return Number.NaN;
  if (v === null || v === false) return 0;
  if (v === true) return 1;
  if (typeof v === 'string') return Number(v);
  if (v instanceof Double || v instanceof Int32) return v.value;
  if (v instanceof Date) return v.getTime();
  if (typeof v === 'object' && '_bsontype' in v && v._bsontype === 'Long') return v.toNumber();
  return Number.NaN;
}
