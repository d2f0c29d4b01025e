/**
 * Projection trees for the `$addFields`/`$set` and `$project`/`$unset` stages, after the server's
 * `ProjectionNode` / `InclusionNode` / `ExclusionNode` / `AddFieldsProjectionExecutor`.
 *
 * - Inclusion keeps the included fields in the **input document's** order, then appends computed
 *   fields in specification order. `_id` is included unless excluded.
 * - Exclusion copies the document and removes the listed paths in place.
 * - `$addFields` copies the document and sets each computed field: an existing field keeps its
 *   position, a new one is appended, a missing result removes the field. Dotted and nested
 *   specifications apply to every element of an array and replace scalars by a new document.
 * All expressions of one stage see the stage's input document (`$$ROOT` = `$$CURRENT`).
 */
import { ShapedDoc } from '../bson/shaped-doc.js';
import type { Doc, Value } from '../bson/values.js';
import { isDoc } from '../bson/values.js';
import type { ExprNode, Scope } from '../expr/types.js';

/**
 * A field or array element an inclusion projected to nothing, kept in its place while the
 * computed fields are applied (the server's `MutableDocument::addField(name, Value())`): a computed
 * sub-field then fills that place instead of being appended (`{'b.c': …, a: 1}` over
 * `{b: 4, a: 1}` gives `{b: {c: …}, a: 1}`), and an array element keeps its index. Only set where
 * a computed field below will replace it, so none is left once the expressions have run.
 */
const PROJECTED_AWAY: Value = Object.freeze(new Map<string, Value>()) as Doc;

export type ProjectionMode = 'inclusion' | 'exclusion' | 'addFields';

/** One computed name of a node, in application order: a child holding computed fields, or an expression. */
interface ComputedStep {
  readonly name: string;
  readonly child: ProjectionNode | undefined;
  readonly expression: ExprNode | undefined;
}

export class ProjectionNode {
  /** Leaf inclusions (inclusion mode) or exclusions (exclusion mode). */
  readonly projected = new Set<string>();
  readonly children = new Map<string, ProjectionNode>();
  readonly expressions = new Map<string, ExprNode>();
  /** Order in which computed fields and children holding computed fields are applied. */
  readonly order: string[] = [];
  subtreeHasComputed = false;

  constructor(
    readonly mode: ProjectionMode,
    private readonly parent: ProjectionNode | null = null,
  ) {}

  child(name: string): ProjectionNode {
    let c = this.children.get(name);
    if (!c) {
      c = new ProjectionNode(this.mode, this);
      this.children.set(name, c);
      this.order.push(name);
    }
    return c;
  }

  addExpression(path: readonly string[], expr: ExprNode): void {
    this.markComputed();
    if (path.length === 1) {
      this.expressions.set(path[0]!, expr);
      this.order.push(path[0]!);
      return;
    }
    this.child(path[0]!).addExpression(path.slice(1), expr);
  }

  private markComputed(): void {
    this.subtreeHasComputed = true;
    this.parent?.markComputed();
  }

  addProjected(path: readonly string[]): void {
    if (path.length === 1) {
      this.projected.add(path[0]!);
      return;
    }
    this.child(path[0]!).addProjected(path.slice(1));
  }

  /** Applies the whole projection to a document. */
  applyToDocument(doc: Doc, scope: Scope): Doc {
    const out: Doc = this.mode === 'inclusion' ? new Map() : topLevelCopy(doc);
    if (this.mode !== 'addFields') this.applyProjections(doc, out);
    if (this.subtreeHasComputed) this.applyExpressions(scope, out);
    return out;
  }

  private applyProjections(input: Doc, out: Doc): void {
    for (const [name, value] of input) {
      if (this.projected.has(name)) {
        if (this.mode === 'inclusion') out.set(name, value);
        else out.delete(name);
        continue;
      }
      const c = this.children.get(name);
      if (c) {
        const projected = c.applyProjectionsToValue(value);
        if (projected !== undefined) out.set(name, projected);
        else if (c.subtreeHasComputed) out.set(name, PROJECTED_AWAY);
        else out.delete(name);
      }
    }
  }

  private applyProjectionsToValue(value: Value): Value | undefined {
    if (isDoc(value)) {
      const out: Doc = this.mode === 'inclusion' ? new Map() : new Map(value);
      this.applyProjections(value, out);
      return out;
    }
    if (Array.isArray(value)) {
      const out: Value[] = [];
      for (const el of value) {
        const p = this.applyProjectionsToValue(el);
        // Missing elements are dropped when the array is serialized, unless a computed field
        // fills their place first.
        if (p !== undefined) out.push(p);
        else if (this.subtreeHasComputed) out.push(PROJECTED_AWAY);
      }
      return out;
    }
    // Projecting children of a scalar: inclusion drops it, exclusion keeps it.
    return this.mode === 'inclusion' ? undefined : value;
  }

  /** `order` with each name's child or expression, looked up once (the tree is complete by the first apply). */
  private steps: readonly ComputedStep[] | undefined;

  private computedSteps(): readonly ComputedStep[] {
    return (this.steps ??= this.order.map((name) => ({
      name,
      child: this.children.get(name),
      expression: this.expressions.get(name),
    })));
  }

  private applyExpressions(scope: Scope, out: Doc): void {
    const steps = this.computedSteps();
    for (let i = 0; i < steps.length; i++) {
      const { name, child: c, expression } = steps[i]!;
      let v: Value | undefined;
      if (c !== undefined) {
        if (!c.subtreeHasComputed) continue;
        v = c.applyExpressionsToValue(scope, out.get(name));
      } else {
        v = expression!.evaluate(scope);
      }
      // MutableDocument::setField: in place if present, appended if new; missing removes.
      if (v === undefined) out.delete(name);
      else out.set(name, v);
    }
  }

  private applyExpressionsToValue(scope: Scope, value: Value | undefined): Value {
    if (value !== undefined && value !== PROJECTED_AWAY && isDoc(value)) {
      const out: Doc = new Map(value);
      this.applyExpressions(scope, out);
      return out;
    }
    if (value !== undefined && Array.isArray(value)) {
      return value.map((el) => this.applyExpressionsToValue(scope, el));
    }
    // A scalar or missing value is replaced by a document of the computed fields.
    const out: Doc = new Map();
    this.applyExpressions(scope, out);
    return out;
  }
}

/**
 * A copy of a stage's input to write into. A stored document (`ShapedDoc`) is copied in its own
 * layout: its values array is shared until written and a new name extends its shape, so `$set` of
 * one field costs an array copy instead of a new hash table. Other documents (an upsert's seed, an
 * earlier stage's output) become a plain `Map`, so intermediate results never grow the shape table.
 */
function topLevelCopy(doc: Doc): Doc {
  return doc instanceof ShapedDoc ? ShapedDoc.copyOf(doc) : new Map(doc);
}
