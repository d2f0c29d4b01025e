/**
 * The validator as the server's error generator sees it: the `MatchExpression` tree the parser
 * builds for a collection validator (`isParsingCollectionValidator`), each node carrying its
 * `ErrorAnnotation` — the operator `tag`, the clause as written (`annotation`, reported as
 * `specifiedAs`) and a `mode`:
 * - `generate`: the node reports its own failure;
 * - `ignoreButDescend`: the node reports nothing but its children may (the NOT of `$ne`, a
 *   one-clause AND under `$not`, the OR that skips a JSON Schema keyword for other types);
 * - `ignore`: neither the node nor its subtree reports (children of `$elemMatch`, of `$all`).
 * A node without an annotation (`annotation: null`) makes the whole generation fail as the
 * server's `assertHasErrorAnnotations` does (4994600).
 *
 * `matches` answers `MatchExpression::matchesBSON` for the document the node is asked about (the
 * whole document, or a sub-document the walk descends into); it may throw as the server's does.
 */
import type { Doc, Value } from '../../bson/values.js';

export type AnnotationMode = 'generate' | 'ignore' | 'ignoreButDescend';

export interface ErrorAnnotation {
  readonly tag: string;
  /** The clause as written (`specifiedAs`), or the keyword and its argument for JSON Schema. */
  readonly annotation: Doc;
  readonly mode: AnnotationMode;
  /** `title` / `description` of the JSON Schema the node belongs to, appended to its error. */
  readonly schemaAnnotations?: Doc | undefined;
}

/** The server's `MatchExpression` classes the error generator distinguishes. */
export type ErrorNodeKind =
  | 'and'
  | 'or'
  | 'nor'
  | 'not'
  | 'alwaysTrue'
  | 'alwaysFalse'
  | 'eq'
  | 'lt'
  | 'lte'
  | 'gt'
  | 'gte'
  | 'in'
  | 'regex'
  | 'exists'
  | 'type'
  | 'size'
  | 'mod'
  | 'bits'
  | 'elemMatchObject'
  | 'elemMatchValue'
  | 'expr'
  /** Nodes the generator visits without a frame (`$_internalExpr…`, `$_internalSchemaEq`, root doc eq). */
  | 'silent'
  // JSON Schema building blocks (`$_internalSchema…`).
  | 'schemaType'
  | 'schemaObjectMatch'
  | 'schemaMinLength'
  | 'schemaMaxLength'
  | 'schemaMinItems'
  | 'schemaMaxItems'
  | 'schemaMinProperties'
  | 'schemaMaxProperties'
  | 'schemaFmod'
  | 'schemaUniqueItems'
  | 'schemaXor'
  | 'schemaCond'
  | 'schemaAllowedProperties'
  | 'schemaAllElemMatchFromIndex'
  | 'schemaMatchArrayIndex'
  /** A `$jsonSchema` whose details are approximated as a whole (`approximate(doc)`). */
  | 'schemaApproximate';

export interface ErrorNode {
  readonly kind: ErrorNodeKind;
  readonly annotation: ErrorAnnotation | null;
  /** The path the node tests ('' for logical nodes and the root document). */
  readonly path: string;
  readonly children: readonly ErrorNode[];
  /** `matchesBSON` over a document (may throw, e.g. `$expr`). */
  matches(doc: Doc): boolean;
  /** `$expr`: the expression's value for a document (may throw). */
  readonly evaluate?: (doc: Doc) => Value | undefined;
  /** `$_internalSchemaAllowedProperties`: the properties and pattern properties it knows. */
  readonly allowed?: AllowedPropertiesInfo;
  /** `$_internalSchemaAllElemMatchFromIndex` / `$_internalSchemaMatchArrayIndex`: the index. */
  readonly index?: number;
  /** `$_internalSchemaAllElemMatchFromIndex`: does one element (as `{i: element}`) match. */
  readonly elementMatches?: (element: Value) => boolean;
  /** `$_internalSchemaUniqueItems`: the first element equal to an earlier one. */
  readonly firstDuplicate?: (array: readonly Value[]) => Value | undefined;
  /** `schemaApproximate`: the details of a document that fails it. */
  readonly approximate?: (doc: Doc) => Doc;
}

export interface AllowedPropertiesInfo {
  readonly properties: ReadonlySet<string>;
  readonly patterns: readonly {
    readonly raw: string;
    readonly test: (name: string) => boolean;
    readonly schema: ErrorNode;
  }[];
  /** The `additionalProperties` child (`children[0]`), matched against `{i: value}`. */
  readonly otherwise: ErrorNode;
}

export function annotate(
  tag: string,
  annotation: Doc,
  mode: AnnotationMode = 'generate',
  schemaAnnotations?: Doc,
): ErrorAnnotation {
  return { tag, annotation, mode, schemaAnnotations };
}

export const IGNORE: ErrorAnnotation = { tag: '', annotation: new Map(), mode: 'ignore' };
export const IGNORE_BUT_DESCEND: ErrorAnnotation = { tag: '', annotation: new Map(), mode: 'ignoreButDescend' };
