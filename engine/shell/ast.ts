/**
 * The syntax tree of the mongosh subset Upsert Lab accepts. Every node carries the source span it
 * came from (`start`/`end` UTF-16 offsets, end exclusive) so errors and results can point at it.
 * The tree is data only: the interpreter walks it through an exhaustive switch on `kind`.
 */

export interface Span {
  readonly start: number;
  readonly end: number;
}

/** A span resolved to 1-based line/column pairs (columns in UTF-16 code units, as editors use). */
export interface SourceRange {
  readonly startOffset: number;
  readonly endOffset: number;
  readonly startLine: number;
  readonly startColumn: number;
  readonly endLine: number;
  readonly endColumn: number;
}

export type Expr =
  | NumberLiteral
  | BigIntLiteral
  | StringLiteral
  | BooleanLiteral
  | NullLiteral
  | UndefinedLiteral
  | RegexLiteral
  | Identifier
  | ObjectLiteral
  | ArrayLiteral
  | MemberExpr
  | CallExpr
  | UnaryExpr
  | AssignExpr;

export interface NumberLiteral extends Span {
  readonly kind: 'Number';
  /** The JS number the literal denotes (mongosh evaluates literals as JavaScript does). */
  readonly value: number;
}

/** `123n`: a JS BigInt, which mongosh's serializer stores as int64. */
export interface BigIntLiteral extends Span {
  readonly kind: 'BigInt';
  readonly value: bigint;
}

export interface StringLiteral extends Span {
  readonly kind: 'String';
  readonly value: string;
}

export interface BooleanLiteral extends Span {
  readonly kind: 'Boolean';
  readonly value: boolean;
}

export interface NullLiteral extends Span {
  readonly kind: 'Null';
}

export interface UndefinedLiteral extends Span {
  readonly kind: 'Undefined';
}

export interface RegexLiteral extends Span {
  readonly kind: 'Regex';
  readonly pattern: string;
  readonly flags: string;
}

export interface Identifier extends Span {
  readonly kind: 'Identifier';
  readonly name: string;
}

export interface ObjectProperty extends Span {
  readonly kind: 'Property';
  readonly key: string;
  readonly value: Expr;
}

export interface SpreadElement extends Span {
  readonly kind: 'Spread';
  readonly argument: Expr;
}

export interface ObjectLiteral extends Span {
  readonly kind: 'Object';
  readonly properties: readonly (ObjectProperty | SpreadElement)[];
}

export interface ArrayLiteral extends Span {
  readonly kind: 'Array';
  readonly elements: readonly (Expr | SpreadElement)[];
}

/** `a.b` (property is a name) or `a[expr]` (computed). */
export interface MemberExpr extends Span {
  readonly kind: 'Member';
  readonly object: Expr;
  readonly property: string | Expr;
  /** Span of the property name (for "x.y is not a function" messages and markers). */
  readonly propertySpan: Span;
}

export interface CallExpr extends Span {
  readonly kind: 'Call';
  readonly callee: Expr;
  readonly args: readonly (Expr | SpreadElement)[];
  /** Written with `new`; mongosh's BSON helpers behave the same with or without it. */
  readonly isNew: boolean;
}

export interface UnaryExpr extends Span {
  readonly kind: 'Unary';
  readonly operator: '-' | '+' | '!';
  readonly argument: Expr;
}

/** `name = expr`: reassigns a `let`/`var` binding. */
export interface AssignExpr extends Span {
  readonly kind: 'Assign';
  readonly target: Identifier;
  readonly value: Expr;
}

export type Statement = DeclarationStatement | ExpressionStatement | UseStatement | ShowStatement;

export interface Declarator extends Span {
  readonly name: Identifier;
  readonly init: Expr | undefined;
}

export interface DeclarationStatement extends Span {
  readonly kind: 'Declaration';
  readonly declarationKind: 'const' | 'let' | 'var';
  readonly declarators: readonly Declarator[];
}

export interface ExpressionStatement extends Span {
  readonly kind: 'ExpressionStatement';
  readonly expression: Expr;
}

/** mongosh's `use <db>` shell command. */
export interface UseStatement extends Span {
  readonly kind: 'Use';
  readonly database: string;
}

/** mongosh's `show collections` / `show tables` / `show dbs` / `show databases` shell commands. */
export interface ShowStatement extends Span {
  readonly kind: 'Show';
  readonly what: 'collections' | 'databases';
}

export interface Program extends Span {
  readonly kind: 'Program';
  readonly statements: readonly Statement[];
}
