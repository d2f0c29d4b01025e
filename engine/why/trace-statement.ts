/**
 * The Why trace of one update statement (`{q, u, arrayFilters, collation, upsert, multi}`) on a
 * collection's documents, in the server's order, as a dry run: nothing is written. Every document
 * gets a verdict (cheap); every matched document the server would reach is visited (applied and
 * validated, so an error that stops a multi-update is found), and the one document asked for (by
 * `_id` text) gets the full explanation, so a 10,000-document collection is explained lazily.
 */
import type { Collator } from '../bson/compare.js';
import { isArray, isDoc, type Doc, type Value } from '../bson/values.js';
import { buildUpsertSeed } from '../commands/update/upsert-seed.js';
import { resolveCollation } from '../collation/index.js';
import { compileQuery } from '../query/index.js';
import { makeSortComparator, parseSort } from '../query/sort.js';
import { defaultEnv } from '../query/evaluate.js';
import type { MatchDetails, RuntimeEnv } from '../runtime.js';
import { parseUpdate, type UpdateExecutor } from '../update/index.js';
import { parseArrayFilters } from '../update/array-filters.js';
import type { PipelineExecutor } from '../update/pipeline-executor.js';
import { collationText, failingSummary, firstFailingClause, traceClause } from './match-trace.js';
import { traceStages } from './pipeline-trace.js';
import { show } from './show.js';
import type { WhyDocument, WhyDocumentSummary, WhyTrace } from './types.js';
import { stepRecorder } from './update-trace.js';
import { validatorVerdict, type WhyValidatorInput } from './validator-trace.js';
import { errorText, visitDocument, type Visit, type VisitContext } from './visit-document.js';

export type { WhyValidatorInput } from './validator-trace.js';

export interface WhyInput {
  readonly namespace: string;
  /** The collection's documents in the order the server visits them. */
  readonly documents: readonly Doc[];
  /** The collection's default collator (used when the statement names none, and by the validator). */
  readonly defaultCollator: Collator | null;
  /** One entry of the update command's `updates`. */
  readonly statement: Doc;
  /** Shell text of the `_id` of the document to explain in full (`show(_id)`). */
  readonly documentId?: string | undefined;
  /** How `_id`s are written in `documentId` and the result (default: the server's rendering). */
  readonly idText?: ((id: Value) => string) | undefined;
  /** The collection's validator, when it has one. */
  readonly validation?: WhyValidatorInput | undefined;
}

const UPDATE_ONE_STOPS = 'updateOne (multi: false) stops at the first matching document';

export function traceStatement(input: WhyInput): WhyTrace {
  const { statement } = input;
  const q = statement.get('q');
  const filterDoc: Doc = isDoc(q) ? q : new Map();
  const u = statement.get('u') ?? new Map();
  const upsert = statement.get('upsert') === true;
  const multi = statement.get('multi') === true;
  const rawFilters = statement.get('arrayFilters');
  const base = { namespace: input.namespace };
  let collator: Collator | null;
  let executor: UpdateExecutor;
  let matcher: ReturnType<typeof compileQuery>;
  const recorder = stepRecorder();
  try {
    collator = statement.has('collation')
      ? (resolveCollation(statement.get('collation'))?.collator ?? null)
      : input.defaultCollator;
    matcher = compileQuery(filterDoc, { collator });
    executor = parseUpdate(u, {
      arrayFilters: isArray(rawFilters) ? rawFilters : undefined,
      collator,
      multi,
      wrapLeaf: recorder.wrapLeaf,
    });
  } catch (e) {
    return { ...base, documents: [], error: errorText(e) };
  }
  const described = collationText(collator);
  const collation = described === undefined ? {} : { collation: described };
  const env: RuntimeEnv = defaultEnv();
  const ctx: VisitContext = {
    executor,
    update: u,
    recorder,
    arrayFilters: isArray(rawFilters) ? parseArrayFilters(rawFilters, collator) : new Map(),
    collator,
    validation: input.validation,
    validatorCollator: input.defaultCollator,
    env,
  };

  // updateOne with `sort` examines every document and updates only the first match in sort order.
  let sortedFirst: Doc | undefined;
  let sortedAway: string | undefined;
  const sort = statement.get('sort');
  if (!multi && isDoc(sort)) {
    try {
      const cmp = makeSortComparator(parseSort(sort), collator);
      for (const doc of input.documents) {
        if (!matcher.matches(doc, env)) continue;
        if (sortedFirst === undefined || cmp(doc, sortedFirst) < 0) sortedFirst = doc;
      }
    } catch (e) {
      return { ...base, documents: [], error: errorText(e) };
    }
    const first = sortedFirst?.get('_id');
    sortedAway = `not updated: updateOne with sort updates only the first match in sort order (_id ${first === undefined ? 'missing' : (input.idText ?? show)(first)})`;
  }

  const documents: WhyDocumentSummary[] = [];
  let document: WhyDocument | undefined;
  let firstMatchSeen = false;
  let unmatchedExplained = 0;
  /** Why the documents from here on are never visited (an error, or updateOne's first match). */
  let stop: string | undefined;
  let stoppedAt: WhyTrace['stoppedAt'];
  for (const doc of input.documents) {
    const rawId = doc.get('_id');
    const id = rawId === undefined ? 'missing' : (input.idText ?? show)(rawId);
    const details: MatchDetails = {};
    const matched = matcher.matches(doc, env, details);
    const explain = input.documentId !== undefined && id === input.documentId;
    if (matched) firstMatchSeen = true;
    const notVisited = stop;
    let visit: Visit | undefined;
    if (notVisited !== undefined) {
      documents.push({ id, matched, visited: false, notVisited });
    } else if (matched && sortedFirst !== undefined && doc !== sortedFirst) {
      documents.push({ id, matched, visited: false, notVisited: sortedAway! });
    } else if (!matched) {
      const summary: WhyDocumentSummary = { id, matched };
      // The first failing clause of the first 200 non-matching documents (bounded work).
      if (unmatchedExplained++ < 200) {
        const failing = firstFailingClause(traceClause(matcher.root, { doc }, collator, env));
        documents.push(failing === undefined ? summary : { ...summary, firstFailing: failingSummary(failing) });
      } else documents.push(summary);
    } else {
      visit = visitDocument(ctx, doc, details.elemMatchKey, explain);
      documents.push({ id, matched });
      if (visit.error !== undefined) {
        stoppedAt = { id, error: visit.error };
        stop = `never visited: the update stopped at the error on _id ${id} (${visit.error})`;
      } else if (!multi && sortedFirst === undefined) stop = `never visited: ${UPDATE_ONE_STOPS}`;
    }
    if (!explain) continue;
    const filter = traceClause(matcher.root, { doc }, collator, env);
    const failing = firstFailingClause(filter);
    const skipped = documents[documents.length - 1]?.notVisited;
    const outcome =
      notVisited !== undefined
        ? matched && !multi && stoppedAt === undefined
          ? `matched, but ${UPDATE_ONE_STOPS}`
          : notVisited
        : (visit?.outcome ?? skipped ?? 'not matched: the update does not touch this document');
    document = {
      id,
      matched,
      filter,
      ...(failing === undefined ? {} : { firstFailing: failing }),
      ...(matched && details.elemMatchKey !== undefined
        ? {
            positional: `the positional $ takes array index ${details.elemMatchKey} (the first array element the filter matched)`,
          }
        : {}),
      steps: visit?.steps ?? [],
      arrayFilters: visit?.arrayFilters ?? [],
      ...(visit?.stages === undefined ? {} : { stages: visit.stages }),
      ...(visit?.validation === undefined ? {} : { validation: visit.validation }),
      outcome,
    };
  }

  let upsertTrace: WhyTrace['upsert'];
  if (upsert && !firstMatchSeen) {
    const reason = 'no document matched the filter and upsert is true: the server inserts a new document';
    recorder.record(true);
    const seed = buildUpsertSeed(filterDoc, executor.kind);
    const fromQuery = seed.paths.length === 0 ? '' : ` (from the filter's equalities: ${seed.paths.join(', ')})`;
    const stages =
      executor.kind === 'pipeline' && isArray(u)
        ? { stages: traceStages((executor as PipelineExecutor).stages, u, seed.doc, env) }
        : {};
    try {
      const r = executor.apply(seed.doc, { isUpsertInsert: true, immutablePaths: ['_id'], env });
      const checked =
        input.validation === undefined
          ? undefined
          : validatorVerdict(input.validation, input.defaultCollator, r.doc, undefined, env);
      upsertTrace = {
        reason: `${reason}${fromQuery}`,
        steps: recorder.take(),
        ...stages,
        ...(checked === undefined ? {} : { validation: checked.validation }),
      };
    } catch (e) {
      upsertTrace = { reason: `${reason}; building it failed: ${errorText(e)}`, steps: recorder.take(), ...stages };
    }
  }
  return {
    ...base,
    ...collation,
    documents,
    ...(document === undefined ? {} : { document }),
    ...(upsertTrace === undefined ? {} : { upsert: upsertTrace }),
    ...(stoppedAt === undefined ? {} : { stoppedAt }),
  };
}
