/**
 * The field names of a document, in order, shared by every stored document with the same names
 * (like a JavaScript engine's hidden classes). Shapes are interned through transitions from the
 * empty shape, so equal name sequences give the same object and `a.shape === b.shape` compares
 * whole name lists in one step.
 *
 * The table only grows: it is bounded by `MAX_SHAPES` and `MAX_SHAPE_FIELDS`; past either, callers
 * keep an ordinary `Map` (documents with unusual or ever-changing field names).
 */

/** Total shapes ever interned (per engine instance's module, i.e. per worker). */
const MAX_SHAPES = 20_000;
/** Documents with more top-level fields than this are not shaped. */
export const MAX_SHAPE_FIELDS = 64;

let shapeCount = 0;

export class Shape {
  /** The names in order (never mutated). */
  readonly names: readonly string[];
  /** Name → position, built on first lookup (intermediate shapes on a transition path never need it). */
  private slots: Map<string, number> | undefined;
  /** Appending one name: the interned successor shapes. */
  private readonly transitions = new Map<string, Shape>();

  /** The shape this one extends by its last name (undefined for the empty shape). */
  private readonly parent: Shape | undefined;

  private constructor(names: readonly string[], parent: Shape | undefined) {
    this.names = names;
    this.parent = parent;
  }

  static readonly EMPTY = new Shape([], undefined);

  /** Whether this shape's names are the first names of `other`, in order (`other` is this shape or extends it). */
  isPrefixOf(other: Shape): boolean {
    const n = this.names.length;
    let s: Shape | undefined = other;
    while (s !== undefined && s.names.length > n) s = s.parent;
    return s === this;
  }

  /** Position of `name`, or -1. */
  slotOf(name: string): number {
    const names = this.names;
    // `_id` leads every stored document: found without a hash.
    if (names[0] === name) return 0;
    if (names.length <= 8) {
      // Short name lists: a linear scan is faster than hashing the probe.
      for (let i = 0; i < names.length; i++) if (names[i] === name) return i;
      return -1;
    }
    let slots = this.slots;
    if (slots === undefined) {
      slots = new Map();
      for (let i = 0; i < names.length; i++) slots.set(names[i]!, i);
      this.slots = slots;
    }
    return slots.get(name) ?? -1;
  }

  /** This shape with `name` appended (the caller ensures it is not already present), or undefined past the limits. */
  with(name: string): Shape | undefined {
    const known = this.transitions.get(name);
    if (known !== undefined) return known;
    if (this.names.length >= MAX_SHAPE_FIELDS || shapeCount >= MAX_SHAPES) return undefined;
    const next = new Shape([...this.names, name], this);
    shapeCount++;
    this.transitions.set(name, next);
    return next;
  }
}
