/**
 * The Why trace of one update statement (`{q, u, arrayFilters, collation, upsert, multi}`) on a
 * collection's documents, in the server's order, as a dry run: nothing is written. Every document
 * gets a verdict (cheap); the one document asked for (by `_id` text) gets the full explanation,
 * so a 10,000-document collection is explained lazily, one document at a time.
 */
import type { Collator } from '../bson/compare.js';
import { isArray, isDoc, type Doc, type Value } from '../bson/values.js';
import { buildUpsertSeed } from '../commands/update/upsert-seed.js';
import { resolveCollation } from '../collation/index.js';
import { isEngineError } from '../errors.js';
import { compileQuery } from '../query/index.js';
import { defaultEnv } from '../query/evaluate.js';
import type { MatchDetails, RuntimeEnv } from '../runtime.js';
import { parseUpdate, type UpdateExecutor } from '../update/index.js';
import { parseArrayFilters } from '../update/array-filters.js';
import { getAtPath } from '../update/path.js';
import { collationText, failingSummary, firstFailingClause, traceClause } from './match-trace.js';
import { show } from './show.js';
import type { WhyArrayFilterVerdict, WhyDocument, WhyDocumentSummary, WhyStep, WhyTrace } from './types.js';
import { stepRecorder } from './update-trace.js';

export interface WhyInput {
  readonly namespace: string;
  /** The collection's documents in the order the server visits them. */
  readonly documents: readonly Doc[];
  /** The collection's default collator (used when the statement names none). */
  readonly defaultCollator: Collator | null;
  /** One entry of the update command's `updates`. */
  readonly statement: Doc;
  /** Shell text of the `_id` of the document to explain in full (`show(_id)`). */
  readonly documentId?: string | undefined;
  /** How `_id`s are written in `documentId` and the result (default: the server's rendering). */
  readonly idText?: ((id: Value) => string) | undefined;
}

function errorText(e: unknown): string {
  if (isEngineError(e)) return `${e.code}: ${e.message}`;
  return e instanceof Error ? e.message : String(e);
}

/** `$[id]` verdicts for every element of the arrays an identifier ranges over (paths with one identifier). */
function arrayFilterVerdicts(
  doc: Doc,
  update: Value,
  filters: ReadonlyMap<string, { matchesElement(v: Value): boolean }>,
): WhyArrayFilterVerdict[] {
  if (!isDoc(update) || filters.size === 0) return [];
  const out: WhyArrayFilterVerdict[] = [];
  const seen = new Set<string>();
  for (const spec of update.values()) {
    if (!isDoc(spec)) continue;
    for (const field of spec.keys()) {
      const parts = field.split('.');
      const at = parts.findIndex((p) => /^\$\[[^\]]+\]$/.test(p));
      if (at <= 0 || parts.slice(0, at).some((p) => p.startsWith('$'))) continue;
      const identifier = parts[at]!.slice(2, -1);
      const prefix = parts.slice(0, at);
      const key = `${prefix.join('.')}\u0000${identifier}`;
      const filter = filters.get(identifier);
      if (filter === undefined || seen.has(key)) continue;
      seen.add(key);
      const arr = getAtPath(doc, prefix);
      if (!isArray(arr)) continue;
      arr.forEach((el, i) => {
        out.push({ identifier, path: `${prefix.join('.')}.${i}`, value: show(el), verdict: filter.matchesElement(el) });
      });
    }
  }
  return out;
}

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
  const filters = isArray(rawFilters) ? parseArrayFilters(rawFilters, collator) : new Map();

  const documents: WhyDocumentSummary[] = [];
  let document: WhyDocument | undefined;
  let firstMatchSeen = false;
  let unmatchedExplained = 0;
  for (const doc of input.documents) {
    const rawId = doc.get('_id');
    const id = rawId === undefined ? 'missing' : (input.idText ?? show)(rawId);
    const details: MatchDetails = {};
    const matched = matcher.matches(doc, env, details);
    const explain = input.documentId !== undefined && id === input.documentId;
    const earlierMatch = firstMatchSeen;
    if (matched) firstMatchSeen = true;
    if (!matched) {
      const summary: WhyDocumentSummary = { id, matched };
      // The first failing clause of the first 200 non-matching documents (bounded work).
      if (unmatchedExplained++ < 200) {
        const failing = firstFailingClause(traceClause(matcher.root, { doc }, collator, env));
        documents.push(failing === undefined ? summary : { ...summary, firstFailing: failingSummary(failing) });
      } else documents.push(summary);
    } else documents.push({ id, matched });
    if (!explain) continue;
    const filter = traceClause(matcher.root, { doc }, collator, env);
    const failing = firstFailingClause(filter);
    // updateOne visits documents until the first match; later matches are not updated.
    const visited = matched && (multi || !earlierMatch);
    let steps: WhyStep[] = [];
    let outcome: string;
    if (!matched) outcome = 'not matched: the update does not touch this document';
    else if (!visited) outcome = 'matched, but updateOne (multi: false) stops at the first matching document';
    else {
      try {
        const r = executor.apply(doc, {
          matchedArrayIndex: details.elemMatchKey,
          isUpsertInsert: false,
          immutablePaths: ['_id'],
          env,
        });
        steps = recorder.take();
        const filtered = arrayFilterVerdicts(doc, u, filters);
        outcome = !r.noop
          ? `matched and modified: ${r.modifiedPaths.join(', ')}`
          : steps.length === 0 && filtered.length > 0 && filtered.every((f) => !f.verdict)
            ? 'matched, unchanged: no array element matched the array filters, so no modifier ran'
            : 'matched, unchanged: every modifier was a no-op';
      } catch (e) {
        steps = recorder.take();
        outcome = `error ${errorText(e)}`;
      }
    }
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
      steps,
      arrayFilters: visited ? arrayFilterVerdicts(doc, u, filters) : [],
      outcome,
    };
  }

  let upsertTrace: WhyTrace['upsert'];
  if (upsert && !firstMatchSeen) {
    const reason = 'no document matched the filter and upsert is true: the server inserts a new document';
    try {
      const seed = buildUpsertSeed(filterDoc, executor.kind);
      executor.apply(seed.doc, { isUpsertInsert: true, immutablePaths: ['_id'], env });
      const fromQuery = seed.paths.length === 0 ? '' : ` (from the filter's equalities: ${seed.paths.join(', ')})`;
      upsertTrace = { reason: `${reason}${fromQuery}`, steps: recorder.take() };
    } catch (e) {
      upsertTrace = { reason: `${reason}; building it failed: ${errorText(e)}`, steps: recorder.take() };
    }
  }
  return {
    ...base,
    ...collation,
    documents,
    ...(document === undefined ? {} : { document }),
    ...(upsertTrace === undefined ? {} : { upsert: upsertTrace }),
  };
}
