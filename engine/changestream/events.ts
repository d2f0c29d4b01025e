/**
 * Change events from oplog operations (MongoDB 8.0 shapes, field order as the server's
 * ChangeStreamDefaultEventTransformation builds them):
 *   insert   {_id, operationType, clusterTime, wallTime, collectionUUID?, fullDocument, ns, documentKey, lsid?, txnNumber?}
 *   update   {_id, operationType, clusterTime, wallTime, collectionUUID?, ns, documentKey, updateDescription, lsid?, txnNumber?, fullDocument?, fullDocumentBeforeChange?}
 *   replace  {_id, operationType, clusterTime, wallTime, collectionUUID?, fullDocument, ns, documentKey, lsid?, txnNumber?, fullDocumentBeforeChange?}
 *   delete   {_id, operationType, clusterTime, wallTime, collectionUUID?, ns, documentKey, lsid?, txnNumber?, fullDocumentBeforeChange?}
 *   drop     {_id, operationType, clusterTime, wallTime, collectionUUID?, ns}
 *   rename   {_id, operationType, clusterTime, wallTime, collectionUUID?, ns, to, operationDescription?}
 *   dropDatabase {_id, operationType, clusterTime, wallTime, ns: {db}}
 *   invalidate   {_id, operationType, clusterTime, wallTime}
 *   with showExpandedEvents also create / createIndexes / dropIndexes / modify (operationDescription).
 * `collectionUUID` appears only with showExpandedEvents. A collection stream is invalidated by the
 * drop or rename of its collection, a database stream by the drop of its database; a cluster
 * stream never is.
 */
import { isDoc, type Doc, type Value } from '../bson/values.js';
import type { Catalog } from '../catalog/catalog.js';
import { fail } from '../errors.js';
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

function nsText(db: string, coll: string): string {
  return `{ db: "${db}", coll: "${coll}" }`;
}

/** Whether a collection's CRUD events reach a stream of this scope. */
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

function head(op: OplogOp, operationType: string, kind: 'event' | 'invalidate', options: EventOptions): Doc {
  const position = positionAt(op.ts, op.opIndex, kind);
  const d = new Map<string, Value>([
    ['_id', encodeResumeToken(position)],
    ['operationType', operationType],
    ['clusterTime', op.ts],
    ['wallTime', op.wall],
  ]);
  if (options.showExpandedEvents && op.ui !== undefined && kind === 'event' && operationType !== 'dropDatabase') {
    d.set('collectionUUID', op.ui);
  }
  return d;
}

function addTxn(d: Doc, op: OplogOp): void {
  if (op.lsid !== undefined) d.set('lsid', op.lsid);
  if (op.txnNumber !== undefined) d.set('txnNumber', op.txnNumber);
}

function event(op: OplogOp, d: Doc): ChangeEvent {
  return { position: positionAt(op.ts, op.opIndex, 'event'), event: d, invalidates: false };
}

function invalidate(op: OplogOp, options: EventOptions): ChangeEvent {
  return {
    position: positionAt(op.ts, op.opIndex, 'invalidate'),
    event: head(op, 'invalidate', 'invalidate', options),
    invalidates: true,
  };
}

function preImage(ops: readonly OplogOp[], index: number, options: EventOptions, db: string, coll: string): Value | undefined {
  if (options.fullDocumentBeforeChange === 'off') return undefined;
  const pre = recordedPreImage(ops, index);
  if (pre !== undefined) return pre;
  if (options.fullDocumentBeforeChange === 'required') {
    throw fail(
      47,
      `Change stream was configured to require a pre-image for all update, delete and replace events, but the pre-image was not found for event: ${nsText(db, coll)}`,
    );
  }
  return null;
}

function postImage(
  catalog: Catalog,
  ops: readonly OplogOp[],
  index: number,
  options: EventOptions,
  db: string,
  coll: string,
): Value | undefined {
  const op = ops[index]!;
  switch (options.fullDocument) {
    case 'default':
      return undefined;
    case 'updateLookup': {
      const id = documentIdOf(op);
      return (id === undefined ? undefined : catalog.getCollection(db, coll)?.findById(id)) ?? null;
    }
    case 'whenAvailable':
    case 'required': {
      const post = recordedPostImage(ops, index);
      if (post !== undefined) return post;
      if (options.fullDocument === 'required') {
        throw fail(
          47,
          `Change stream was configured to require a post-image for all update, delete and replace events, but the post-image was not found for event: ${nsText(db, coll)}`,
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
  if (op.op === 'i') {
    const d = head(op, 'insert', 'event', options);
    d.set('fullDocument', op.o);
    d.set('ns', nsDoc(db, coll));
    d.set('documentKey', documentKey);
    addTxn(d, op);
    return [event(op, d)];
  }
  if (op.op === 'u' && isDeltaUpdate(op.o)) {
    const d = head(op, 'update', 'event', options);
    d.set('ns', nsDoc(db, coll));
    d.set('documentKey', documentKey);
    d.set('updateDescription', updateDescriptionOf(op.o.get('diff') as Doc, options.showExpandedEvents));
    addTxn(d, op);
    const post = postImage(catalog, ops, index, options, db, coll);
    if (post !== undefined) d.set('fullDocument', post);
    const pre = preImage(ops, index, options, db, coll);
    if (pre !== undefined) d.set('fullDocumentBeforeChange', pre);
    return [event(op, d)];
  }
  if (op.op === 'u') {
    const d = head(op, 'replace', 'event', options);
    d.set('fullDocument', op.o);
    d.set('ns', nsDoc(db, coll));
    d.set('documentKey', documentKey);
    addTxn(d, op);
    const pre = preImage(ops, index, options, db, coll);
    if (pre !== undefined) d.set('fullDocumentBeforeChange', pre);
    return [event(op, d)];
  }
  const d = head(op, 'delete', 'event', options);
  d.set('ns', nsDoc(db, coll));
  d.set('documentKey', documentKey);
  addTxn(d, op);
  const pre = preImage(ops, index, options, db, coll);
  if (pre !== undefined) d.set('fullDocumentBeforeChange', pre);
  return [event(op, d)];
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
      const d = head(op, 'drop', 'event', options);
      d.set('ns', nsDoc(db, coll));
      const out = [event(op, d)];
      if (scope.kind === 'collection') out.push(invalidate(op, options));
      return out;
    }
    case 'renameCollection': {
      const from = splitNamespace(String(op.o.get('renameCollection')));
      const to = splitNamespace(String(op.o.get('to')));
      const inScope =
        collectionInScope(scope, from.db, from.coll) ||
        (scope.kind !== 'collection' && collectionInScope(scope, to.db, to.coll));
      if (!inScope) return [];
      const d = head(op, 'rename', 'event', options);
      d.set('ns', nsDoc(from.db, from.coll));
      d.set('to', nsDoc(to.db, to.coll));
      if (options.showExpandedEvents) {
        const desc = new Map<string, Value>([['to', nsDoc(to.db, to.coll)]]);
        const dropTarget = op.o.get('dropTarget');
        if (dropTarget !== undefined && typeof dropTarget !== 'boolean') desc.set('dropTarget', dropTarget);
        d.set('operationDescription', desc);
      }
      const out = [event(op, d)];
      if (scope.kind === 'collection') out.push(invalidate(op, options));
      return out;
    }
    case 'dropDatabase': {
      if (scope.kind === 'collection' || (scope.kind === 'database' && scope.db !== db)) return [];
      if (scope.kind === 'cluster' && INTERNAL_DBS.has(db)) return [];
      const d = head(op, 'dropDatabase', 'event', options);
      d.set('ns', nsDoc(db));
      const out = [event(op, d)];
      if (scope.kind === 'database') out.push(invalidate(op, options));
      return out;
    }
    default:
      return options.showExpandedEvents ? expandedEvents(op, db, String(name), options) : [];
  }
}

/** DDL events that only `showExpandedEvents` streams see. */
function expandedEvents(op: OplogOp, db: string, name: string, options: EventOptions): ChangeEvent[] {
  const coll = op.o.get(name);
  if (typeof coll !== 'string' || !collectionInScope(options.scope, db, coll)) return [];
  const ns = nsDoc(db, coll);
  switch (name) {
    case 'create': {
      const d = head(op, 'create', 'event', options);
      d.set('ns', ns);
      const desc: Doc = new Map();
      for (const [k, v] of op.o) if (k !== 'create') desc.set(k, v);
      d.set('operationDescription', desc);
      d.set('nsType', 'collection');
      return [event(op, d)];
    }
    case 'createIndexes':
    case 'dropIndexes': {
      const d = head(op, name, 'event', options);
      d.set('ns', ns);
      const spec: Doc = new Map();
      for (const [k, v] of op.o) if (k !== name) spec.set(k, v);
      const spec2 = isDoc(op.o.get('o2')) ? (op.o.get('o2') as Doc) : spec;
      d.set('operationDescription', new Map<string, Value>([['indexes', [spec2]]]));
      return [event(op, d)];
    }
    case 'collMod': {
      const d = head(op, 'modify', 'event', options);
      d.set('ns', ns);
      const desc: Doc = new Map();
      for (const [k, v] of op.o) if (k !== 'collMod') desc.set(k, v);
      d.set('operationDescription', desc);
      return [event(op, d)];
    }
    default:
      return [];
  }
}

/** The change events (0, 1, or an event and its invalidate) of `ops[index]` for a stream. */
export function eventsOf(catalog: Catalog, ops: readonly OplogOp[], index: number, options: EventOptions): ChangeEvent[] {
  const op = ops[index];
  if (!op) return [];
  if (op.op === 'i' || op.op === 'u' || op.op === 'd') return crudEvents(catalog, ops, index, options);
  if (op.op === 'c') return commandEvents(ops, index, options);
  return [];
}
