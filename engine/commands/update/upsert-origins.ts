/** Where each field of an upsert's inserted document came from (the playground explains it). */
import { isDoc, type Doc } from '../../bson/values.js';
import type { ApplyResult } from '../../update/executor.js';
import type { FieldOrigin } from './details.js';
import type { UpdateStatementSpec } from './request.js';

/** The dotted paths a `$setOnInsert` names (the top-level operator's own fields). */
function setOnInsertPaths(spec: UpdateStatementSpec): string[] {
  if (spec.u.kind !== 'modifier') return [];
  const soi = spec.u.doc.get('$setOnInsert');
  return isDoc(soi) ? [...soi.keys()] : [];
}

function isPrefixOrEqual(prefix: string, path: string): boolean {
  return path === prefix || path.startsWith(`${prefix}.`);
}

export function fieldOrigins(
  doc: Doc,
  seedPaths: readonly string[],
  res: ApplyResult,
  spec: UpdateStatementSpec,
  generatedId: boolean,
): Map<string, FieldOrigin> {
  const origins = new Map<string, FieldOrigin>();
  if (generatedId) origins.set('_id', 'generatedId');
  if (spec.u.kind === 'replacement') {
    for (const k of doc.keys()) {
      if (origins.has(k)) continue;
      origins.set(k, k === '_id' && seedPaths.includes('_id') && !spec.u.doc.has('_id') ? 'query' : 'replacement');
    }
    return origins;
  }
  for (const p of seedPaths) origins.set(p, 'query');
  const soi = setOnInsertPaths(spec);
  for (const p of res.modifiedPaths) {
    origins.set(p, soi.some((s) => isPrefixOrEqual(s, p)) ? 'setOnInsert' : 'update');
  }
  return origins;
}
