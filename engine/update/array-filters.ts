/**
 * `arrayFilters`: parsed once per statement into one matcher per identifier
 * (`parsed_update.cpp parseArrayFilters` + `ExpressionWithPlaceholder`). An array element matches
 * when the document `{<identifier>: element}` matches the filter.
 */
import type { Collator } from '../bson/compare.js';
import type { Doc, Value } from '../bson/values.js';
import { isArray, isDoc, typeOf } from '../bson/values.js';
import { fail, isEngineError } from '../errors.js';
import { compileQuery } from '../query/index.js';

export interface ArrayFilter {
  readonly identifier: string;
  readonly filter: Doc;
  matchesElement(element: Value): boolean;
}

const IDENTIFIER_RE = /^[a-z][a-zA-Z0-9]*$/;
const LOGICAL = new Set(['$and', '$or', '$nor']);
/** Top-level `$` names the parser turns into a path equality (parseDBRef), so they name a placeholder. */
const DBREF_PATHS = new Set(['$id', '$ref', '$db']);

/** The top-level field names a filter uses (first path component of every predicate). */
function collectPlaceholders(filter: Doc, out: string[]): void {
  for (const [key, v] of filter) {
    if (LOGICAL.has(key) && isArray(v)) {
      for (const sub of v) if (isDoc(sub)) collectPlaceholders(sub, out);
      continue;
    }
    if (key.startsWith('$') && !DBREF_PATHS.has(key)) continue;
    out.push(key.split('.')[0]!);
  }
}

function parsePlaceholder(filter: Doc): string | null {
  const names: string[] = [];
  collectPlaceholders(filter, names);
  if (names.length === 0) return null;
  const first = names[0]!;
  for (const n of names) {
    if (n !== first) {
      throw fail(9, `Expected a single top-level field name, found '${first}' and '${n}'`);
    }
  }
  if (!IDENTIFIER_RE.test(first)) {
    throw fail(
      2,
      `The top-level field name must be an alphanumeric string beginning with a lowercase letter, found '${first}'`,
    );
  }
  return first;
}

export function parseArrayFilters(
  raw: readonly Value[] | Value | undefined,
  collator: Collator | null,
): Map<string, ArrayFilter> {
  const out = new Map<string, ArrayFilter>();
  if (raw === undefined) return out;
  if (!isArray(raw)) {
    throw fail(14, `BSON field 'update.updates.arrayFilters' is the wrong type '${typeOf(raw as Value)}', expected type 'array'`);
  }
  (raw as Value[]).forEach((f, i) => {
    if (!isDoc(f)) {
      throw fail(
        14,
        `BSON field 'update.updates.arrayFilters.${i}' is the wrong type '${typeOf(f)}', expected type 'object'`,
      );
    }
  });
  for (const f of raw as Doc[]) {
    let identifier: string | null;
    let matcher: ReturnType<typeof compileQuery>;
    try {
      matcher = compileQuery(f, { collator, allowExpr: false, allowJsonSchema: false, allowText: false, allowWhere: false, allowGeoNear: false });
      identifier = parsePlaceholder(f);
    } catch (e) {
      if (isEngineError(e)) throw e.withContext('Error parsing array filter');
      throw e;
    }
    if (identifier === null) {
      throw fail(9, 'Cannot use an expression without a top-level field name in arrayFilters');
    }
    if (out.has(identifier)) {
      throw fail(9, `Found multiple array filters with the same top-level field name ${identifier}`);
    }
    const id = identifier;
    out.set(id, {
      identifier: id,
      filter: f,
      matchesElement: (element: Value) => matcher.matches(new Map([[id, element]])),
    });
  }
  return out;
}
