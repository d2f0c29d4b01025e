/**
 * Change events from oplog operations, in MongoDB 8.0's shapes and field order. The server
 * (ChangeStreamDefaultEventTransformation) appends fields to the event in this order, skipping
 * the ones that do not apply:
 *
 *   [txnNumber, lsid]   only for operations of a committed transaction (applyOps)
 *   [to]                rename only (kept first for backwards compatibility)
 *   _id (resume token), operationType, clusterTime,
 *   [collectionUUID]    showExpandedEvents only
 *   wallTime,
 *   [fullDocument]      insert, replace; update when a post-image is asked for (its slot is here)
 *   ns, [documentKey]   CRUD events
 *   [operationDescription]  showExpandedEvents only (rename, create, createIndexes, dropIndexes, modify)
 *   [updateDescription] update only: {updatedFields, removedFields, truncatedArrays[, disambiguatedPaths]}
 *   [stateBeforeChange] modify only
 *   [nsType]            create only
 *   [fullDocumentBeforeChange]  update/replace/delete with fullDocumentBeforeChange (appended last)
 *
 * dropDatabase events have `ns: {db}`; invalidate is `{_id, operationType, clusterTime,
 * wallTime}`. A collection stream is invalidated by the drop or rename of its collection, a
 * database stream by the drop of its database; a cluster stream never is. `create`,
 * `createIndexes`, `dropIndexes` and `modify` (collMod) events reach only showExpandedEvents streams.
 */
import { type Doc, type Value } from '../bson/values.js';
import type { Catalog } from '../catalog/catalog.js';
import { fail } from '../errors.js';
import { valueToString } from '../expr/value-string.js';
import { documentIdOf, isDeltaUpdate, recordedPostImage, recordedPreImage } from './images.js';
import { splitNamespace, type OplogOp } from './oplog-ops.js';
import { encodeResumeToken, positionAt, type StreamPosition } from './resume-token.js';
import { updateDescriptionOf } from './update-description.js';

export type FullDocumentMode = 'default' | 'updateLookup' | 'whenAvailable' | 'required';
export type FullDocumentBeforeChangeMode = 'off' | 'whenAvailable' | 'required';

export type StreamScope =
  | { readonly kind: 'collection'; readonly db: string; readonly coll: string }
  | { readonly kind: 'database'; readonly db: string }
  | { readonly kind: 'cluster' };

export interface EventOptions {
  readonly scope: StreamScope;
  readonly fullDocument: FullDocumentMode;
  readonly fullDocumentBeforeChange: FullDocumentBeforeChangeMode;
  readonly showExpandedEvents: boolean;
}

/** One change event and where it sits in the stream. */
export interface ChangeEvent {
  readonly position: StreamPosition;
  readonly event: Doc;
  readonly invalidates: boolean;
}

const INTERNAL_DBS = new Set(['admin', 'config', 'local']);

function nsDoc(db: string, coll?: string): Doc {
  const d = new Map<string, Value>([['db', db]]);
  if (coll !== undefined) d.set('coll', coll);
  return d;
}

/** Whether a collection's events reach a stream of this scope. */
function collectionInScope(scope: StreamScope, db: string, coll: string): boolean {
  if (coll.startsWith('system.')) return false;
  switch (scope.kind) {
    case 'collection':
      return scope.db === db && scope.coll === coll;
    case 'database':
      return scope.db === db;
    case 'cluster':
      return !INTERNAL_DBS.has(db);
  }
}

/** The fields every event starts with, after the transaction / rename fields in `leading`. */
function head(op: OplogOp, operationType: string, options: EventOptions, leading: [string, Value][] = []): Doc {
  const d = new Map<string, Value>();
  if (op.inTransaction) {
    if (op.txnNumber !== undefined) d.set('txnNumber', op.txnNumber);
    if (op.lsid !== undefined) d.set('lsid', op.lsid);
  }
  for (const [k, v] of leading) d.set(k, v);
  d.set('_id', encodeResumeToken(positionAt(op.ts, op.opIndex, 'event')));
  d.set('operationType', operationType);
  d.set('clusterTime', op.ts);
  if (options.showExpandedEvents && op.ui !== undefined) d.set('collectionUUID', op.ui);
  d.set('wallTime', op.wall);
  return d;
}

function event(op: OplogOp, d: Doc): ChangeEvent {
  return { position: positionAt(op.ts, op.opIndex, 'event'), event: d, invalidates: false };
}

function invalidate(op: OplogOp): ChangeEvent {
  const position = positionAt(op.ts, op.opIndex, 'invalidate');
  const d = new Map<string, Value>([
    ['_id', encodeResumeToken(position)],
    ['operationType', 'invalidate'],
    ['clusterTime', op.ts],
    ['wallTime', op.wall],
  ]);
  return { position, event: d, invalidates: true };
}

/** `{operationType, ns, clusterTime[, txnNumber]}` as the image-not-found errors print it. */
function eventSummary(operationType: string, op: OplogOp, db: string, coll: string): string {
  const d = new Map<string, Value>([
    ['operationType', operationType],
    ['ns', nsDoc(db, coll)],
    ['clusterTime', op.ts],
  ]);
  if (op.inTransaction && op.txnNumber !== undefined) d.set('txnNumber', op.txnNumber);
  return valueToString(d);
}

function preImage(
  catalog: Catalog,
  ops: readonly OplogOp[],
  index: number,
  options: EventOptions,
  operationType: string,
): Value | undefined {
  if (options.fullDocumentBeforeChange === 'off') return undefined;
  const pre = recordedPreImage(catalog, ops, index);
  if (pre !== undefined) return pre;
  if (options.fullDocumentBeforeChange === 'required') {
    const op = ops[index]!;
    const { db, coll } = splitNamespace(op.ns);
    throw fail(
      47,
      `Change stream was configured to require a pre-image for all update, delete and replace events, but the pre-image was not found for event: ${eventSummary(operationType, op, db, coll)}`,
    );
  }
  return null;
}

/** fullDocument of an update event (undefined: not asked for). */
function postImage(catalog: Catalog, ops: readonly OplogOp[], index: number, options: EventOptions): Value | undefined {
  const op = ops[index]!;
  const { db, coll } = splitNamespace(op.ns);
  switch (options.fullDocument) {
    case 'default':
      return undefined;
    case 'updateLookup': {
      // The current version of the document (null when it is gone), as the server's lookup.
      const id = documentIdOf(op);
      return (id === undefined ? undefined : catalog.getCollection(db, coll)?.findById(id)) ?? null;
    }
    case 'whenAvailable':
    case 'required': {
      const post = recordedPostImage(catalog, ops, index);
      if (post !== undefined) return post;
      if (options.fullDocument === 'required') {
        throw fail(
          47,
          `Change stream was configured to require a post-image for all update events, but the post-image was not found for event: ${eventSummary('update', op, db, coll)}`,
        );
      }
      return null;
    }
  }
}

function crudEvents(catalog: Catalog, ops: readonly OplogOp[], index: number, options: EventOptions): ChangeEvent[] {
  const op = ops[index]!;
  const { db, coll } = splitNamespace(op.ns);
  if (!collectionInScope(options.scope, db, coll)) return [];
  const documentKey = op.op === 'd' ? op.o : (op.o2 ?? new Map<string, Value>([['_id', op.o.get('_id')!]]));
  let d: Doc;
  let operationType: string;
  if (op.op === 'i') {
    operationType = 'insert';
    d = head(op, operationType, options);
    d.set('fullDocument', op.o);
  } else if (op.op === 'u' && isDeltaUpdate(op.o)) {
    operationType = 'update';
    d = head(op, operationType, options);
    const post = postImage(catalog, ops, index, options);
    if (post !== undefined) d.set('fullDocument', post);
  } else if (op.op === 'u') {
    operationType = 'replace';
    d = head(op, operationType, options);
    d.set('fullDocument', op.o);
  } else {
    operationType = 'delete';
    d = head(op, operationType, options);
  }
  d.set('ns', nsDoc(db, coll));
  d.set('documentKey', documentKey);
  if (operationType === 'update') {
    d.set('updateDescription', updateDescriptionOf(op.o.get('diff') as Doc, options.showExpandedEvents));
  }
  if (operationType !== 'insert') {
    const pre = preImage(catalog, ops, index, options, operationType);
    if (pre !== undefined) d.set('fullDocumentBeforeChange', pre);
  }
  return [event(op, d)];
}

/** A copy of `o` without the listed fields (the server's copyDocExceptFields). */
function without(o: Doc, ...fields: string[]): Doc {
  const out: Doc = new Map();
  for (const [k, v] of o) if (!fields.includes(k)) out.set(k, v);
  return out;
}

function commandEvents(ops: readonly OplogOp[], index: number, options: EventOptions): ChangeEvent[] {
  const op = ops[index]!;
  const { db } = splitNamespace(op.ns);
  const name = op.o.keys().next().value;
  const scope = options.scope;
  switch (name) {
    case 'drop': {
      const coll = String(op.o.get('drop'));
      if (!collectionInScope(scope, db, coll)) return [];
      const d = head(op, 'drop', options);
      d.set('ns', nsDoc(db, coll));
      const out = [event(op, d)];
      if (scope.kind === 'collection') out.push(invalidate(op));
      return out;
    }
    case 'renameCollection': {
      const from = splitNamespace(String(op.o.get('renameCollection')));
      const to = splitNamespace(String(op.o.get('to')));
      const inScope =
        collectionInScope(scope, from.db, from.coll) ||
        (scope.kind !== 'collection' && collectionInScope(scope, to.db, to.coll));
      if (!inScope) return [];
      const target = nsDoc(to.db, to.coll);
      const d = head(op, 'rename', options, [['to', target]]);
      d.set('ns', nsDoc(from.db, from.coll));
      if (options.showExpandedEvents) {
        const desc = without(op.o, 'renameCollection', 'stayTemp');
        desc.set('to', target);
        d.set('operationDescription', desc);
      }
      const out = [event(op, d)];
      if (scope.kind === 'collection') out.push(invalidate(op));
      return out;
    }
    case 'dropDatabase': {
      if (scope.kind === 'collection' || (scope.kind === 'database' && scope.db !== db)) return [];
      if (scope.kind === 'cluster' && INTERNAL_DBS.has(db)) return [];
      const d = head(op, 'dropDatabase', options);
      d.set('ns', nsDoc(db));
      const out = [event(op, d)];
      if (scope.kind === 'database') out.push(invalidate(op));
      return out;
    }
    default:
      return options.showExpandedEvents && typeof name === 'string' ? expandedEvents(op, db, name, options) : [];
  }
}

/** DDL events that only `showExpandedEvents` streams see. */
function expandedEvents(op: OplogOp, db: string, name: string, options: EventOptions): ChangeEvent[] {
  const coll = op.o.get(name);
  if (typeof coll !== 'string' || !collectionInScope(options.scope, db, coll)) return [];
  let d: Doc;
  switch (name) {
    case 'create':
      d = head(op, 'create', options);
      d.set('ns', nsDoc(db, coll));
      d.set('operationDescription', without(op.o, 'create'));
      d.set('nsType', 'collection');
      break;
    case 'createIndexes':
      d = head(op, 'createIndexes', options);
      d.set('ns', nsDoc(db, coll));
      d.set('operationDescription', new Map<string, Value>([['indexes', [without(op.o, 'createIndexes')]]]));
      break;
    case 'dropIndexes':
      // The server describes the dropped index from o2 (its spec); the engine logs its name in o.
      d = head(op, 'dropIndexes', options);
      d.set('ns', nsDoc(db, coll));
      d.set('operationDescription', new Map<string, Value>([['indexes', [without(op.o2 ?? op.o, 'dropIndexes')]]]));
      break;
    case 'collMod':
      d = head(op, 'modify', options);
      d.set('ns', nsDoc(db, coll));
      d.set('operationDescription', without(op.o, 'collMod'));
      d.set('stateBeforeChange', new Map());
      break;
    default:
      return [];
  }
  return [event(op, d)];
}

/** The change events (none, one, or an event and its invalidate) of `ops[index]` for a stream. */
export function eventsOf(
  catalog: Catalog,
  ops: readonly OplogOp[],
  index: number,
  options: EventOptions,
): ChangeEvent[] {
  const op = ops[index];
  if (!op) return [];
  if (op.op === 'i' || op.op === 'u' || op.op === 'd') return crudEvents(catalog, ops, index, options);
  if (op.op === 'c') return commandEvents(ops, index, options);
  return [];
}
