/**
 * A `$jsonSchema` validator as the server's error generator sees it: the tree of
 * `$_internalSchema…` nodes json_schema_parser.cpp translates a schema into, annotated as it
 * annotates them when parsing a collection validator. Each schema is an AND tagged `_subschema`
 * (its errors go to the parent as an array) of its keywords, in the parser's order — scalar
 * keywords (pattern, maxLength, minLength, multipleOf, maximum, minimum), array keywords
 * (minItems, maxItems, uniqueItems, items, additionalItems), object keywords (properties,
 * additionalProperties/patternProperties, required, minProperties, maxProperties, dependencies),
 * logical keywords (allOf, anyOf, oneOf, not, enum) — then its type. A keyword for one type is
 * wrapped in "OR (NOT type) (keyword)", ignored but descended into, unless the schema's own type
 * already decides it (`makeRestriction`). A nested object's keywords sit under an
 * `$_internalSchemaObjectMatch`; a property's schema is tagged `_property`; the root is tagged
 * `$jsonSchema`. The schema is valid (the engine's own `$jsonSchema` parser accepted it).
 */
import type { Collator } from '../../bson/compare.js';
import { isDoc, isNumber, type Doc, type Value } from '../../bson/values.js';
import { codePointLength, numberOf, unorderedEqual } from '../../query/json-schema.js';
import { parseTypeSet, typeSetHas, type TypeSet } from '../../query/type-set.js';
import { annotate, IGNORE, type ErrorAnnotation, type ErrorNode } from './error-tree.js';
import { filterNode, notNode } from './nodes.js';
import { constant, d, node, PLACEHOLDER, SchemaKeywordTrees, schemaAnnotations } from './json-schema-objects.js';

const JSON_TYPES: Readonly<Record<string, TypeSet>> = {
  object: { allNumbers: false, types: ['object'] },
  array: { allNumbers: false, types: ['array'] },
  number: { allNumbers: true, types: [] },
  boolean: { allNumbers: false, types: ['bool'] },
  string: { allNumbers: false, types: ['string'] },
  null: { allNumbers: false, types: ['null'] },
};

function jsonTypeSet(arg: Value): TypeSet {
  const names = Array.isArray(arg) ? arg : [arg];
  let allNumbers = false;
  const types: TypeSet['types'][number][] = [];
  for (const n of names) {
    const set = JSON_TYPES[n as string]!;
    allNumbers ||= set.allNumbers;
    types.push(...set.types);
  }
  return { allNumbers, types };
}

class SchemaTreeBuilder extends SchemaKeywordTrees {
  /** `_parse`: one schema at `path` ('' for the top level). */
  override parse(path: string, schema: Doc): ErrorNode {
    const get = (k: string): Value | undefined => schema.get(k);
    let typeNode: ErrorNode | undefined;
    let stated: TypeSet | undefined;
    const typeArg = get('type') ?? get('bsonType');
    if (typeArg !== undefined) {
      const keyword = get('type') !== undefined ? 'type' : 'bsonType';
      stated =
        keyword === 'type' ? jsonTypeSet(typeArg) : parseTypeSet(typeArg, 'bsonType', "$jsonSchema keyword 'bsonType'");
      const set = stated;
      typeNode = node('schemaType', path, annotate(keyword, d([[keyword, typeArg]])), (doc) => {
        const v = path === '' ? doc : this.valueAt(doc, path);
        return v !== undefined && typeSetHas(set, v);
      });
    }
    const children: ErrorNode[] = [];
    const kw = (k: string): Value | undefined => get(k);
    const topLevel = path === '';

    // Scalar keywords.
    const pattern = kw('pattern');
    if (pattern !== undefined) {
      const ann = annotate('pattern', d([['pattern', pattern]]));
      if (topLevel) children.push(constant(true, ann));
      else {
        const expr = filterNode('regex', path, ann, d([[path, d([['$regex', pattern]])]]), this.collator);
        children.push(this.restrict('string', path, expr, stated));
      }
    }
    for (const [k, kind, test] of [
      ['maxLength', 'schemaMaxLength', (len: number, n: number) => len <= n],
      ['minLength', 'schemaMinLength', (len: number, n: number) => len >= n],
    ] as const) {
      const arg = kw(k);
      if (arg === undefined) continue;
      const ann = annotate(k, d([[k, arg]]));
      if (topLevel) children.push(constant(true, ann));
      else {
        const n = numberOf(arg);
        const expr = node(kind, path, ann, (doc) => {
          const v = this.valueAt(doc, path);
          return typeof v === 'string' && test(codePointLength(v), n);
        });
        children.push(this.restrict('string', path, expr, stated));
      }
    }
    const multipleOf = kw('multipleOf');
    if (multipleOf !== undefined) {
      const ann = annotate('multipleOf', d([['multipleOf', multipleOf]]));
      if (topLevel) children.push(constant(true, ann));
      else {
        const m = numberOf(multipleOf);
        const expr = node('schemaFmod', path, ann, (doc) => {
          const v = this.valueAt(doc, path);
          if (v === undefined || !isNumber(v)) return false;
          const x = numberOf(v);
          return Number.isFinite(x) && Math.abs(x % m) < 1e-12 * Math.max(1, Math.abs(x));
        });
        children.push(this.restrict('number', path, expr, stated));
      }
    }
    for (const [k, exclusiveKey, strictOp, op, kind, strictKind] of [
      ['maximum', 'exclusiveMaximum', '$lt', '$lte', 'lte', 'lt'],
      ['minimum', 'exclusiveMinimum', '$gt', '$gte', 'gte', 'gt'],
    ] as const) {
      const arg = kw(k);
      if (arg === undefined) continue;
      const exclusive = kw(exclusiveKey) === true;
      const ann = annotate(
        k,
        exclusive
          ? d([
              [k, arg],
              [exclusiveKey, true],
            ])
          : d([[k, arg]]),
      );
      if (topLevel) children.push(constant(true, ann));
      else {
        const expr = filterNode(
          exclusive ? strictKind : kind,
          path,
          ann,
          d([[path, d([[exclusive ? strictOp : op, arg]])]]),
          this.collator,
        );
        children.push(this.restrict('number', path, expr, stated));
      }
    }

    // Array keywords.
    for (const [k, kind, test] of [
      ['minItems', 'schemaMinItems', (len: number, n: number) => len >= n],
      ['maxItems', 'schemaMaxItems', (len: number, n: number) => len <= n],
    ] as const) {
      const arg = kw(k);
      if (arg === undefined) continue;
      const ann = annotate(k, d([[k, arg]]));
      if (topLevel) children.push(constant(true, ann));
      else {
        const n = numberOf(arg);
        const expr = node(kind, path, ann, (doc) => {
          const v = this.valueAt(doc, path);
          return Array.isArray(v) && test(v.length, n);
        });
        children.push(this.restrict('array', path, expr, stated));
      }
    }
    const uniqueItems = kw('uniqueItems');
    if (uniqueItems !== undefined) {
      const ann = annotate('uniqueItems', d([['uniqueItems', uniqueItems]]));
      if (topLevel || uniqueItems !== true) children.push(constant(true, ann));
      else {
        const firstDuplicate = (a: readonly Value[]): Value | undefined => {
          for (let i = 0; i < a.length; i++) for (let j = 0; j < i; j++) if (unorderedEqual(a[i]!, a[j]!)) return a[i];
          return undefined;
        };
        const expr = node(
          'schemaUniqueItems',
          path,
          ann,
          (doc) => {
            const v = this.valueAt(doc, path);
            return Array.isArray(v) && firstDuplicate(v) === undefined;
          },
          [],
          { firstDuplicate },
        );
        children.push(this.restrict('array', path, expr, stated));
      }
    }
    this.items(path, schema, stated, children);

    // Object keywords.
    const required = (kw('required') as string[] | undefined) ?? [];
    const properties = kw('properties');
    if (isDoc(properties)) children.push(this.properties(path, properties, new Set(required), stated));
    if (kw('patternProperties') !== undefined || kw('additionalProperties') !== undefined) {
      children.push(this.allowedProperties(path, schema, stated));
    }
    if (required.length > 0) {
      const exists = [...required]
        .sort()
        .map((name) => node('exists', name, annotate('_propertyExists', new Map()), (doc) => doc.has(name)));
      const and = node(
        'and',
        '',
        annotate('required', d([['required', kw('required')!]])),
        (doc) => exists.every((e) => e.matches(doc)),
        exists,
      );
      children.push(topLevel ? and : this.restrict('object', path, this.objectMatch(path, and), stated));
    }
    for (const [k, kind, test] of [
      ['minProperties', 'schemaMinProperties', (n: number, m: number) => n >= m],
      ['maxProperties', 'schemaMaxProperties', (n: number, m: number) => n <= m],
    ] as const) {
      const arg = kw(k);
      if (arg === undefined) continue;
      const m = numberOf(arg);
      const expr = node(kind, '', annotate(k, d([[k, arg]])), (doc) => test(doc.size, m));
      children.push(topLevel ? expr : this.restrict('object', path, this.objectMatch(path, expr), stated));
    }
    const dependencies = kw('dependencies');
    if (isDoc(dependencies)) children.push(this.dependencies(path, dependencies));

    // Logical keywords.
    for (const k of ['allOf', 'anyOf', 'oneOf'] as const) {
      const arg = kw(k);
      if (arg === undefined) continue;
      const subs = (arg as Doc[]).map((s) => this.parse(path, s));
      const ann = annotate(k, new Map());
      if (k === 'allOf') children.push(node('and', '', ann, (doc) => subs.every((s) => s.matches(doc)), subs));
      else if (k === 'anyOf') children.push(node('or', '', ann, (doc) => subs.some((s) => s.matches(doc)), subs));
      else children.push(node('schemaXor', '', ann, (doc) => subs.filter((s) => s.matches(doc)).length === 1, subs));
    }
    const not = kw('not');
    if (isDoc(not)) children.push(notNode(annotate('not', new Map()), this.parse(path, not)));
    const enumArg = kw('enum');
    if (enumArg !== undefined) children.push(this.enumNode(path, enumArg as Value[]));

    if (topLevel && stated && !stated.types.includes('object')) {
      return constant(
        false,
        annotate('$jsonSchema', d([['$jsonSchema', schema]]), 'generate', schemaAnnotations(schema)),
      );
    }
    if (!topLevel && typeNode) children.push(typeNode);
    return node(
      'and',
      '',
      annotate('_subschema', new Map(), 'generate', schemaAnnotations(schema)),
      (doc) => children.every((c) => c.matches(doc)),
      children,
    );
  }

  private items(path: string, schema: Doc, stated: TypeSet | undefined, into: ErrorNode[]): void {
    const items = schema.get('items');
    let startForAdditional: number | undefined;
    if (Array.isArray(items)) {
      const ann = annotate('items', d([['items', items]]));
      const positions = items.map((sub, index) => {
        const child = this.parse(PLACEHOLDER, sub as Doc);
        return node(
          'schemaMatchArrayIndex',
          path,
          annotate('', new Map()),
          (doc) => {
            const v = this.valueAt(doc, path);
            if (!Array.isArray(v)) return false;
            return index >= v.length || child.matches(d([[PLACEHOLDER, v[index]!]]));
          },
          [child],
          { index },
        );
      });
      startForAdditional = items.length;
      if (path === '') into.push(constant(true, ann));
      else
        into.push(
          this.restrict(
            'array',
            path,
            node('and', '', ann, (doc) => positions.every((p) => p.matches(doc)), positions),
            stated,
          ),
        );
    } else if (isDoc(items)) {
      const child = this.parse(PLACEHOLDER, items);
      const ann = annotate('items', d([['items', items]]));
      if (path === '') into.push(constant(true, ann));
      else into.push(this.restrict('array', path, this.allElemMatch(path, 0, child, ann), stated));
    }
    const additional = schema.get('additionalItems');
    if (additional === undefined || startForAdditional === undefined) return;
    const ann = annotate('additionalItems', d([['additionalItems', additional]]));
    const child =
      typeof additional === 'boolean' ? constant(additional, IGNORE) : this.parse(PLACEHOLDER, additional as Doc);
    if (path === '') into.push(constant(true, ann));
    else into.push(this.restrict('array', path, this.allElemMatch(path, startForAdditional, child, ann), stated));
  }

  private allElemMatch(path: string, start: number, child: ErrorNode, ann: ErrorAnnotation): ErrorNode {
    const elementMatches = (e: Value): boolean => child.matches(d([[PLACEHOLDER, e]]));
    return node(
      'schemaAllElemMatchFromIndex',
      path,
      ann,
      (doc) => {
        const v = this.valueAt(doc, path);
        return Array.isArray(v) && v.slice(start).every(elementMatches);
      },
      [child],
      { index: start, elementMatches },
    );
  }
}

/** The annotated tree of `{$jsonSchema: schema}`: the top-level schema, tagged `$jsonSchema`. */
export function jsonSchemaErrorTree(schema: Doc, collator: Collator | null): ErrorNode {
  const tree = new SchemaTreeBuilder(collator).parse('', schema);
  const old = tree.annotation!;
  return { ...tree, annotation: annotate('$jsonSchema', old.annotation, 'generate', schemaAnnotations(schema)) };
}
