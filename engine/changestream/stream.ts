/**
 * One open change stream: where it stands in the oplog, what it watches, its options and the
 * stages after `$changeStream`. `poll(limit)` returns the next events (at most `limit`), moving
 * the position past every operation it looked at (events a `$match` drops included).
 */
import { Timestamp } from 'bson';
import { binaryEqual } from '../bson/compare.js';
import { isDoc, typeOf, type Doc, type Value } from '../bson/values.js';
import type { Catalog } from '../catalog/catalog.js';
import { compileFilter } from '../catalog/filter.js';
import { fail } from '../errors.js';
import { valueToString } from '../expr/value-string.js';
import { makeParseContext } from '../expr/parse.js';
import { UPDATE_STAGES } from '../pipeline/stages.js';
import type { RuntimeEnv } from '../runtime.js';
import {
  eventsOf,
  type EventOptions,
  type FullDocumentBeforeChangeMode,
  type FullDocumentMode,
  type StreamScope,
} from './events.js';
import { flattenOplog } from './oplog-ops.js';
import {
  comparePositions,
  decodeResumeToken,
  encodeResumeToken,
  positionAt,
  type StreamPosition,
} from './resume-token.js';

type EventStage = (doc: Doc) => Doc | null;

/** Stages a change stream pipeline may contain after `$changeStream`. */
const ALLOWED_STAGES = new Set(['$match', '$project', '$addFields', '$set', '$unset', '$replaceRoot', '$replaceWith']);

export interface ParsedChangeStream {
  readonly options: EventOptions;
  readonly start: StreamPosition;
  /** Set when the stream resumes after an event (startAfter/resumeAfter), to check its token. */
  readonly startedAfterToken: boolean;
}

const FULL_DOCUMENT: readonly FullDocumentMode[] = ['default', 'updateLookup', 'whenAvailable', 'required'];
const BEFORE_CHANGE: readonly FullDocumentBeforeChangeMode[] = ['off', 'whenAvailable', 'required'];

function enumOption<T extends string>(spec: Doc, field: string, values: readonly T[], fallback: T): T {
  const v = spec.get(field);
  if (v === undefined) return fallback;
  if (typeof v !== 'string') {
    throw fail(14, `BSON field '$changeStream.${field}' is the wrong type '${typeOf(v)}', expected type 'string'`);
  }
  if (!(values as readonly string[]).includes(v)) {
    throw fail(2, `Enumeration value '${v}' for field '$changeStream.${field}' is not a valid value.`);
  }
  return v as T;
}

const SPEC_FIELDS = new Set([
  'resumeAfter',
  'startAfter',
  'startAtOperationTime',
  'fullDocument',
  'fullDocumentBeforeChange',
  'allChangesForCluster',
  'showExpandedEvents',
  'showSystemEvents',
  'allowToRunOnConfigDB',
  'allowToRunOnSystemNS',
  'showRawUpdateDescription',
]);

/** The latest position of the oplog ("now"): a high-water mark at the last entry's time. */
export function latestPosition(catalog: Catalog): StreamPosition {
  const last = catalog.oplog.last();
  const ts = last?.get('ts');
  return ts instanceof Timestamp
    ? positionAt(ts, 0, 'highWaterMark')
    : { t: 0, i: 0, opIndex: 0, kind: 'highWaterMark' };
}

/** Reads the `$changeStream` stage's argument (server IDL DocumentSourceChangeStreamSpec). */
export function parseChangeStreamSpec(catalog: Catalog, spec: Value, scope: StreamScope): ParsedChangeStream {
  if (!isDoc(spec)) throw fail(50808, '$changeStream stage expects a document as argument');
  for (const k of spec.keys()) {
    if (!SPEC_FIELDS.has(k)) throw fail(40415, `BSON field '$changeStream.${k}' is an unknown field.`);
  }
  const resumeOptions = ['resumeAfter', 'startAfter', 'startAtOperationTime'].filter((k) => spec.has(k));
  if (resumeOptions.length > 1) {
    throw fail(40674, `Only one type of resume option is allowed, but multiple were found: ${valueToString(spec)}`);
  }
  for (const k of ['allChangesForCluster', 'showExpandedEvents']) {
    const v = spec.get(k);
    if (v !== undefined && typeof v !== 'boolean') {
      throw fail(14, `BSON field '$changeStream.${k}' is the wrong type '${typeOf(v)}', expected type 'bool'`);
    }
  }
  const options: EventOptions = {
    scope,
    fullDocument: enumOption(spec, 'fullDocument', FULL_DOCUMENT, 'default'),
    fullDocumentBeforeChange: enumOption(spec, 'fullDocumentBeforeChange', BEFORE_CHANGE, 'off'),
    showExpandedEvents: spec.get('showExpandedEvents') === true,
  };
  let start = latestPosition(catalog);
  let startedAfterToken = false;
  const resumeAfter = spec.get('resumeAfter');
  const startAfter = spec.get('startAfter');
  const at = spec.get('startAtOperationTime');
  if (resumeAfter !== undefined) {
    start = decodeResumeToken(resumeAfter);
    if (start.kind === 'invalidate') {
      throw fail(
        260,
        "Attempting to resume a change stream using 'resumeAfter' is not allowed from an invalidate notification.",
      );
    }
    startedAfterToken = start.kind === 'event';
  } else if (startAfter !== undefined) {
    start = decodeResumeToken(startAfter);
    startedAfterToken = start.kind === 'event';
  } else if (at !== undefined) {
    if (!(at instanceof Timestamp)) {
      throw fail(
        14,
        `BSON field '$changeStream.startAtOperationTime' is the wrong type '${typeOf(at)}', expected type 'timestamp'`,
      );
    }
    start = positionAt(at, 0, 'before');
  }
  return { options, start, startedAfterToken };
}

function parseStages(stages: readonly Value[], env: RuntimeEnv): EventStage[] {
  const expr = makeParseContext(null, new Set(env.variables.keys()));
  return stages.map((stage) => {
    if (!isDoc(stage)) throw fail(14, "Each element of the 'pipeline' array must be an object");
    if (stage.size !== 1) throw fail(40323, 'A pipeline stage specification object must contain exactly one field.');
    const [name, spec] = stage.entries().next().value as [string, Value];
    if (name === '$changeStream') throw fail(40602, '$changeStream is only valid as the first stage in a pipeline');
    if (!ALLOWED_STAGES.has(name)) {
      if (!name.startsWith('$') || name === '$') throw fail(40324, `Unrecognized pipeline stage name: '${name}'`);
      throw fail(20, `${name} is not permitted in a $changeStream pipeline`);
    }
    if (name === '$match') {
      if (!isDoc(spec)) throw fail(15959, 'the match filter must be an expression in an object');
      const filter = compileFilter(spec, null, { env });
      return (doc) => (filter.matches(doc) ? doc : null);
    }
    const parsed = UPDATE_STAGES[name as keyof typeof UPDATE_STAGES](name, spec, expr);
    return (doc) => parsed.apply(doc, { root: doc, current: doc, env, locals: null });
  });
}

export interface PollResult {
  readonly events: Doc[];
  /** The stream saw an invalidate: the cursor closes after this batch. */
  readonly invalidated: boolean;
}

export class ChangeStream {
  private position: StreamPosition;
  private readonly stages: EventStage[];
  private closed = false;

  constructor(
    private readonly catalog: Catalog,
    readonly ns: string,
    private readonly parsed: ParsedChangeStream,
    stages: readonly Value[],
    env: RuntimeEnv,
  ) {
    this.position = parsed.start;
    this.stages = parseStages(stages, env);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Up to `limit` events after the current position (all available when undefined). */
  poll(limit: number | undefined): PollResult {
    const ops = flattenOplog(this.catalog.oplog.entries());
    const out: Doc[] = [];
    let invalidated = false;
    let full = false;
    for (let index = 0; index < ops.length && !invalidated && !full; index++) {
      const op = ops[index]!;
      if (comparePositions(positionAt(op.ts, op.opIndex, 'invalidate'), this.position) <= 0) continue;
      for (const ev of eventsOf(this.catalog, ops, index, this.parsed.options)) {
        if (comparePositions(ev.position, this.position) <= 0) continue;
        if (limit !== undefined && out.length >= limit) {
          full = true;
          break;
        }
        this.position = ev.position;
        const shaped = this.applyStages(ev.event);
        if (shaped !== null) out.push(shaped);
        if (ev.invalidates) {
          invalidated = true;
          break;
        }
      }
    }
    if (!full && !invalidated) {
      const latest = latestPosition(this.catalog);
      if (comparePositions(latest, this.position) > 0) this.position = latest;
    }
    if (invalidated) this.closed = true;
    return { events: out, invalidated };
  }

  /** The token to resume from after the last batch (`postBatchResumeToken`). */
  postBatchResumeToken(): Doc {
    return encodeResumeToken(this.position);
  }

  private applyStages(event: Doc): Doc | null {
    let doc: Doc | null = event;
    for (const stage of this.stages) {
      if (doc === null) return null;
      doc = stage(doc);
    }
    if (doc === null) return null;
    const id = doc.get('_id');
    const token = event.get('_id')!;
    if (id === undefined || !binaryEqual(id, token)) {
      throw fail(
        280,
        `Encountered an event whose _id field, which contains the resume token, was modified by the pipeline. Modifying the _id field of an event makes it impossible to resume the stream from that point. Only transformations that retain the unmodified _id field are allowed. Event: ${valueToString(doc)}`,
        new Map([['errorLabels', ['NonResumableChangeStreamError']]]),
      );
    }
    return doc;
  }
}
