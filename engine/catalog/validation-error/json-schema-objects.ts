/**
 * The JSON Schema keywords of objects as the server's parser translates them (json_schema_parser.cpp
 * `parseProperties`, `parseAllowedProperties`, `parseDependencies`, `parseEnum`, `makeRestriction`),
 * with the helpers the whole schema translation shares. See json-schema-tree.ts.
 */
import type { Collator } from '../../bson/compare.js';
import { isDoc, isNumber, typeOf, type Doc, type Value } from '../../bson/values.js';
import { unorderedEqual } from '../../query/json-schema.js';
import { compileRegex, regexTest } from '../../query/regex.js';
import type { TypeSet } from '../../query/type-set.js';
import { valueAt } from './element-path.js';
import {
  annotate,
  IGNORE,
  IGNORE_BUT_DESCEND,
  type ErrorAnnotation,
  type ErrorNode,
  type ErrorNodeKind,
} from './error-tree.js';
import { notNode } from './nodes.js';

export const PLACEHOLDER = 'i';

export function d(entries: [string, Value][]): Doc {
  return new Map(entries);
}

/** `title` and `description` of a schema, reported next to its errors. */
export function schemaAnnotations(schema: Doc): Doc {
  const out = new Map<string, Value>();
  for (const k of ['title', 'description']) {
    const v = schema.get(k);
    if (typeof v === 'string') out.set(k, v);
  }
  return out;
}

export function node(
  kind: ErrorNodeKind,
  path: string,
  annotation: ErrorAnnotation,
  matches: (doc: Doc) => boolean,
  children: readonly ErrorNode[] = [],
  extra: Partial<ErrorNode> = {},
): ErrorNode {
  return { kind, path, annotation, children, matches, ...extra };
}

export function constant(value: boolean, annotation: ErrorAnnotation): ErrorNode {
  return node(value ? 'alwaysTrue' : 'alwaysFalse', '', annotation, () => value);
}

export function isSingleType(set: TypeSet): boolean {
  return set.allNumbers ? set.types.length === 0 : set.types.length === 1;
}

/** The restriction a keyword applies to: numbers, or one BSON type. */
export type Restriction = 'number' | 'string' | 'array' | 'object';

export function restrictionHas(r: Restriction, set: TypeSet): boolean {
  if (set.allNumbers) return r === 'number';
  const t = set.types[0]!;
  return r === 'number' ? ['int', 'long', 'double', 'decimal'].includes(t) : t === r;
}

export function restrictionMatches(r: Restriction, v: Value | undefined): boolean {
  if (v === undefined) return false;
  return r === 'number' ? isNumber(v) : typeOf(v) === r;
}

/** `annotateTreeToIgnoreForErrorDetails`. */
export function ignoreTree(n: ErrorNode): ErrorNode {
  return { ...n, annotation: IGNORE, children: n.children.map(ignoreTree) };
}

export abstract class SchemaKeywordTrees {
  constructor(protected readonly collator: Collator | null) {}

  /** `_parse`: one schema at `path` ('' for the top level). */
  abstract parse(path: string, schema: Doc): ErrorNode;

  /** `makeRestriction`: the keyword applies only to values of its type. */
  protected restrict(r: Restriction, path: string, expr: ErrorNode, stated: TypeSet | undefined): ErrorNode {
    if (stated && isSingleType(stated)) return restrictionHas(r, stated) ? expr : constant(true, IGNORE);
    const typeNode = node('schemaType', path, IGNORE, (doc) => restrictionMatches(r, this.valueAt(doc, path)));
    const not = notNode(IGNORE, typeNode);
    return node('or', '', IGNORE_BUT_DESCEND, (doc) => not.matches(doc) || expr.matches(doc), [not, expr]);
  }

  protected valueAt(doc: Doc, path: string): Value | undefined {
    return valueAt(doc, path);
  }

  protected objectMatch(path: string, child: ErrorNode): ErrorNode {
    return node(
      'schemaObjectMatch',
      path,
      IGNORE_BUT_DESCEND,
      (doc) => {
        const v = this.valueAt(doc, path);
        return isDoc(v) && child.matches(v);
      },
      [child],
    );
  }

  protected properties(
    path: string,
    properties: Doc,
    required: ReadonlySet<string>,
    stated: TypeSet | undefined,
  ): ErrorNode {
    const children: ErrorNode[] = [];
    for (const [name, sub] of properties) {
      const parsed = this.parse(name, sub as Doc);
      const property: ErrorNode = {
        ...parsed,
        annotation: annotate('_property', d([['propertyName', name]]), 'generate', schemaAnnotations(sub as Doc)),
      };
      if (required.has(name)) {
        children.push(property);
      } else {
        const exists = node('exists', name, IGNORE, (doc) => doc.has(name));
        const notExists = notNode(IGNORE, exists);
        children.push(
          node('or', '', IGNORE_BUT_DESCEND, (doc) => !doc.has(name) || property.matches(doc), [notExists, property]),
        );
      }
    }
    const and = node(
      'and',
      '',
      annotate('properties', new Map()),
      (doc) => children.every((c) => c.matches(doc)),
      children,
    );
    return path === '' ? and : this.restrict('object', path, this.objectMatch(path, and), stated);
  }

  protected allowedProperties(path: string, schema: Doc, stated: TypeSet | undefined): ErrorNode {
    const properties = schema.get('properties');
    const names = new Set(isDoc(properties) ? [...properties.keys()] : []);
    const patternArg = schema.get('patternProperties');
    const patterns = isDoc(patternArg)
      ? [...patternArg].map(([raw, sub]) => {
          const re = compileRegex(raw, '');
          return { raw, test: (name: string) => regexTest(re, name), schema: this.parse(PLACEHOLDER, sub as Doc) };
        })
      : [];
    const additional = schema.get('additionalProperties');
    const otherwise: ErrorNode =
      additional === undefined || additional === true
        ? constant(true, IGNORE)
        : additional === false
          ? constant(false, IGNORE)
          : this.parse(PLACEHOLDER, additional as Doc);
    const matches = (doc: Doc): boolean => {
      for (const [name, value] of doc) {
        const holder = d([[PLACEHOLDER, value]]);
        let matched = false;
        for (const p of patterns) {
          if (p.test(name)) {
            matched = true;
            if (!p.schema.matches(holder)) return false;
          }
        }
        if (!matched && !names.has(name) && !otherwise.matches(holder)) return false;
      }
      return true;
    };
    const ann = annotate('', additional === undefined ? new Map() : d([['additionalProperties', additional]]));
    const expr = node('schemaAllowedProperties', '', ann, matches, [otherwise, ...patterns.map((p) => p.schema)], {
      allowed: { properties: names, patterns, otherwise },
    });
    return path === '' ? expr : this.restrict('object', path, this.objectMatch(path, expr), stated);
  }

  protected dependencies(path: string, dependencies: Doc): ErrorNode {
    const exists = (name: string, ann: ErrorAnnotation): ErrorNode => {
      const e = node('exists', name, ann, (doc) => doc.has(name));
      return path === '' ? e : this.objectMatch(path, e);
    };
    const conds: ErrorNode[] = [];
    for (const [name, dep] of dependencies) {
      if (!isDoc(dep) && !Array.isArray(dep)) continue; // title / description
      const ifClause = exists(name, IGNORE);
      const ignoredIf = ignoreTree(ifClause);
      let then: ErrorNode;
      if (isDoc(dep)) {
        then = this.parse(path, dep);
      } else {
        const list = (dep as string[]).map((p) => exists(p, annotate('_propertyExists', new Map())));
        then = node(
          'and',
          '',
          annotate('_propertiesExistList', d([[name, dep]])),
          (doc) => list.every((l) => l.matches(doc)),
          list,
        );
      }
      const always = constant(true, IGNORE);
      conds.push(
        node(
          'schemaCond',
          '',
          annotate(isDoc(dep) ? '_schemaDependency' : '_propertyDependency', d([[name, dep]])),
          (doc) => (ignoredIf.matches(doc) ? then.matches(doc) : true),
          [ignoredIf, then, always],
        ),
      );
    }
    return node(
      'and',
      '',
      annotate('dependencies', new Map(), 'generate', schemaAnnotations(dependencies)),
      (doc) => conds.every((c) => c.matches(doc)),
      conds,
    );
  }

  protected enumNode(path: string, values: Value[]): ErrorNode {
    const ann = annotate('enum', d([['enum', values]]));
    const eqs: ErrorNode[] =
      path === ''
        ? values.filter(isDoc).map((v) => node('silent', '', IGNORE, (doc) => unorderedEqual(doc, v)))
        : values.map((v) =>
            node('silent', path, IGNORE, (doc) => {
              const x = this.valueAt(doc, path);
              return x !== undefined && unorderedEqual(x, v);
            }),
          );
    if (eqs.length === 0) return constant(false, ann);
    return node('or', '', ann, (doc) => eqs.some((e) => e.matches(doc)), eqs);
  }
}
