/**
 * Explains a filter on one document: the canonical `MatchNode` tree (already normalized by
 * `compileQuery`, so in the server's evaluation order), each node with its verdict and the values
 * it compared. Each node's verdict comes from the engine's own evaluator for that node, so the
 * explanation cannot disagree with the update. Only run on request (Why), never by a write.
 */
import type { Collator } from '../bson/compare.js';
import { compareValues } from '../bson/compare.js';
import { splitPath, visitPath } from '../bson/path.js';
import { renderDoc } from '../bson/render.js';
import type { Doc, Value } from '../bson/values.js';
import type { SpecCollator } from '../collation/index.js';
import { buildEvaluator } from '../query/evaluate.js';
import type { MatchNode } from '../query/nodes.js';
import { serializeMatchNode } from '../query/serialize.js';
import type { MatchDetails, RuntimeEnv } from '../runtime.js';
import { exprOperandValues } from './expr-trace.js';
import { show } from './show.js';
import type { WhyClause } from './types.js';

/** What a node is evaluated against: the document (or a sub-document), or one array element itself. */
type Subject = { readonly doc: Doc | Value[] } | { readonly value: Value };

const LOGIC_LABEL: Partial<Record<MatchNode['kind'], string>> = {
  and: '$and: every clause must hold',
  or: '$or: some clause must hold',
  nor: '$nor: no clause may hold',
};

function clauseText(node: MatchNode): string {
  const logic = LOGIC_LABEL[node.kind];
  if (logic !== undefined && node.kind === 'and' && node.children.length === 0) return '{}: matches every document';
  if (logic !== undefined) return logic;
  if (node.kind === 'elemMatchObject' || node.kind === 'elemMatchValue') {
    return `{ ${node.path}: { $elemMatch: … } }: some element must match every clause below`;
  }
  const text = renderDoc(serializeMatchNode(node));
  // Inside `$elemMatch: {$gt: 1}` a clause tests the element itself: its path is empty.
  return text.startsWith('{ : ') ? `element ${text.slice(4, -2)}` : text;
}

/** Describes a collation's spec in words (`locale "fr", strength 1`). */
export function collationText(collator: Collator | null): string | undefined {
  if (collator === null) return undefined;
  const spec = (collator as Partial<SpecCollator>).spec;
  if (spec === undefined) return 'a collation';
  return `locale "${spec.locale}", strength ${spec.strength}`;
}

function collationNotes(node: MatchNode, found: readonly (Value | undefined)[], collator: Collator | null): string[] {
  const described = collationText(collator);
  // A top-level `$ref`/`$db` compares binary whatever the collation.
  if (described === undefined || collator === null || (node.kind === 'compare' && node.binary)) return [];
  const rhs: Value[] = node.kind === 'compare' ? [node.value] : node.kind === 'in' ? [...node.values] : [];
  const strings = rhs.filter((v): v is string => typeof v === 'string');
  if (strings.length === 0) return [];
  const notes: string[] = [];
  const seen = new Set<string>();
  for (const v of found) {
    const candidates = Array.isArray(v) ? v : [v];
    for (const s of candidates) {
      if (typeof s !== 'string') continue;
      for (const r of strings) {
        const key = `${s}\u0000${r}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const c = compareValues(s, r, collator);
        const sign = c === 0 ? '=' : c < 0 ? '<' : '>';
        const binary = compareValues(s, r, null) === 0;
        const effect = c === 0 && !binary ? ' (different bytes, equal under this collation)' : '';
        notes.push(`collation ${described}: "${s}" ${sign} "${r}"${effect}`);
      }
    }
  }
  return notes;
}

function pathValues(container: Doc | Value[], path: string): (Value | undefined)[] {
  const out: (Value | undefined)[] = [];
  visitPath(container, splitPath(path), { expandLeafArray: false }, (v) => {
    out.push(v);
    return false;
  });
  return out;
}

function evaluate(
  node: MatchNode,
  subject: Subject,
  collator: Collator | null,
  env: RuntimeEnv,
  details?: MatchDetails,
): boolean {
  const evaluator = buildEvaluator(node, collator);
  return 'doc' in subject ? evaluator.doc(subject.doc, env, details) : evaluator.value(subject.value, env);
}

/** The elements an `$elemMatch` ranges over, with their path. */
function elemMatchArrays(container: Doc | Value[], path: string): { path: string; items: Value[] }[] {
  const out: { path: string; items: Value[] }[] = [];
  for (const v of pathValues(container, path)) if (Array.isArray(v)) out.push({ path, items: v });
  return out;
}

export function traceClause(node: MatchNode, subject: Subject, collator: Collator | null, env: RuntimeEnv): WhyClause {
  const details: MatchDetails = {};
  const verdict = evaluate(node, subject, collator, env, details);
  const text = clauseText(node);
  switch (node.kind) {
    case 'and':
    case 'or':
    case 'nor':
      return {
        text,
        verdict,
        values: [],
        notes: [],
        children: node.children.map((c) => traceClause(c, subject, collator, env)),
      };
    case 'not':
      return { text, verdict, values: [], notes: [], children: [traceClause(node.child, subject, collator, env)] };
    case 'elemMatchObject':
    case 'elemMatchValue': {
      if (!('doc' in subject)) return { text, verdict, values: [], notes: [], children: [] };
      const arrays = elemMatchArrays(subject.doc, node.path);
      const values =
        arrays.length === 0
          ? [`${node.path}: ${show(undefined)} (not an array)`]
          : arrays.map((a) => `${a.path}: ${show(a.items)}`);
      // Explain the children on the element that satisfied them, or on the first element tried.
      const items = arrays.flatMap((a) => a.items);
      const elementOk = (el: Value): boolean =>
        node.kind === 'elemMatchObject'
          ? (el instanceof Map || Array.isArray(el)) && evaluate(node.child, { doc: el }, collator, env)
          : node.children.every((c) => evaluate(c, { value: el }, collator, env));
      const chosen = items.findIndex(elementOk);
      const notes =
        items.length === 0
          ? ['no array element to try']
          : chosen >= 0
            ? [`element ${chosen} (${show(items[chosen])}) satisfies every clause`]
            : [`no element satisfies every clause; the clauses below are shown on element 0 (${show(items[0])})`];
      const target = items[chosen >= 0 ? chosen : 0];
      const kids =
        target === undefined
          ? []
          : node.kind === 'elemMatchObject'
            ? target instanceof Map || Array.isArray(target)
              ? [traceClause(node.child, { doc: target }, collator, env)]
              : []
            : node.children.map((c) => traceClause(c, { value: target }, collator, env));
      return { text, verdict, values, notes, children: kids };
    }
    case 'expr':
      return {
        text,
        verdict,
        values:
          'doc' in subject && !Array.isArray(subject.doc)
            ? exprOperandValues(node.spec, subject.doc, collator, env)
            : [],
        notes: [],
        children: [],
      };
    case 'jsonSchema':
    case 'alwaysTrue':
    case 'alwaysFalse':
      return { text, verdict, values: [], notes: [], children: [] };
    default: {
      const found = 'doc' in subject ? pathValues(subject.doc, node.path) : [subject.value];
      const label = 'doc' in subject ? node.path : 'element';
      const values = found.length === 0 ? [`${label}: missing`] : found.map((v) => `${label}: ${show(v)}`);
      const notes: string[] = [];
      if (verdict && details.elemMatchKey !== undefined && node.kind !== 'exists' && node.kind !== 'size') {
        notes.push(`array element ${details.elemMatchKey} satisfied it`);
      }
      notes.push(...collationNotes(node, found, collator));
      return { text, verdict, values, notes, children: [] };
    }
  }
}

/** The first clause that failed, following the evaluation order down `$and`s. */
export function firstFailingClause(clause: WhyClause): WhyClause | undefined {
  if (clause.verdict) return undefined;
  if (clause.text === LOGIC_LABEL.and) {
    for (const c of clause.children) {
      const f = firstFailingClause(c);
      if (f !== undefined) return f;
    }
  }
  return clause;
}

/** The first failing clause in one line: its text and the values it saw. */
export function failingSummary(clause: WhyClause): string {
  if (clause.children.length > 0 && clause.values.length === 0) {
    return `${clause.text}; none held: ${clause.children.map(failingSummary).join('; ')}`;
  }
  return clause.values.length === 0 ? clause.text : `${clause.text}, but ${clause.values.join(', ')}`;
}
