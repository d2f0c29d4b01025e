/**
 * Reads a serialized `$v:2` diff and rejects a malformed one with the server's codes
 * (`DocumentDiffReader` / `ArrayDiffReader`, `document_diff_serialization.cpp`). As in the server,
 * a document diff's sections are checked when its reader is made, its sub-diffs when they are read
 * (each one's own sections then), and an array diff's entries one by one as they are reached: a
 * malformed part the pre-image never reaches raises nothing.
 *
 * Document diff: sections `d`, `u`, `i`, `b`, then `s<field>` entries, each at most once and in that
 * order (a section is named by its first character). Array diff: `a: true`, optional `l: <int32>`,
 * then `u<idx>` / `s<idx>` entries.
 */
import { renderElement } from '../bson/render.js';
import { Int32, isDoc, type Doc, type Value } from '../bson/values.js';
import { fail } from '../errors.js';

export type SubDiffReader = DocumentDiffReader | ArrayDiffReader;

/** Section letters and their required order; `s` opens the sub-diff entries. */
const SECTION_ORDER: ReadonlyMap<string, number> = new Map([
  ['d', 1],
  ['u', 2],
  ['i', 3],
  ['b', 4],
  ['s', 5],
]);

/** `getReader`: an array diff starts with `a`; an empty diff is refused. */
export function readSubDiff(diff: Doc): SubDiffReader {
  const first = diff.keys().next();
  if (first.done) throw fail(4770500, 'Expected diff to be non-empty');
  return first.value === 'a' ? new ArrayDiffReader(diff) : new DocumentDiffReader(diff);
}

const NO_SECTION: Doc = new Map();

export class DocumentDiffReader {
  private deleteSection: Doc = NO_SECTION;
  private updateSection: Doc = NO_SECTION;
  private insertSection: Doc = NO_SECTION;
  /** The diff's entries from the first `s` on (read by `subDiffs`). */
  private readonly subDiffEntries: [string, Value][] = [];

  constructor(diff: Doc) {
    if (diff.size === 0) throw fail(4770500, 'Expected diff to be non-empty');
    let prev = 0;
    let inSubDiffs = false;
    for (const [name, value] of diff) {
      if (inSubDiffs) {
        this.subDiffEntries.push([name, value]);
        continue;
      }
      if (name.length === 0) throw fail(4770505, 'Expected sections field names in diff to be non-empty ');
      const section = name[0]!;
      const order = SECTION_ORDER.get(section);
      if (order === undefined || order <= prev) throw fail(4770503, `Unexpected section: ${section} in document diff`);
      if (!isDoc(value)) throw fail(4770507, `Expected ${section} section to be type object`);
      prev = order;
      if (section === 's') {
        inSubDiffs = true;
        this.subDiffEntries.push([name, value]);
      } else if (section === 'd') this.deleteSection = value;
      else if (section === 'u') this.updateSection = value;
      else if (section === 'i') this.insertSection = value;
      // `b` (binary diffs of time-series buckets) is read and not applied by the applier.
    }
  }

  /** The names in `d` (their values are not read). */
  deletes(): Iterable<string> {
    return this.deleteSection.keys();
  }

  updates(): Iterable<[string, Value]> {
    return this.updateSection;
  }

  inserts(): Iterable<[string, Value]> {
    return this.insertSection;
  }

  /** `nextSubDiff` for each entry: the field it names and its reader. */
  *subDiffs(): Generator<[string, SubDiffReader]> {
    for (const [name, value] of this.subDiffEntries) {
      if (name.length === 0 || name[0] !== 's')
        throw fail(4770514, `Did not expect more sections in diff but found one: ${name}`);
      if (!isDoc(value)) throw fail(470510, `Subdiffs should be objects, got ${renderElement(name, value)}`);
      yield [name.slice(1), readSubDiff(value)];
    }
  }
}

export type ArrayModification =
  | { readonly index: number; readonly kind: 'update'; readonly value: Value }
  | { readonly index: number; readonly kind: 'sub'; readonly reader: SubDiffReader };

/** An array diff's entries run at most this far past the pre-image (the server's BufBuilder stops at 64 MB). */
const MAX_ARRAY_INDEX = 16 * 1024 * 1024;

export class ArrayDiffReader {
  /** `l`: the array's new length, when the diff resizes it. */
  readonly newSize: number | undefined;
  private readonly entries: [string, Value][];
  private at = 0;

  constructor(diff: Doc) {
    const all = [...diff];
    if (all.length === 0) throw fail(4770500, 'Expected diff to be non-empty');
    const [headerName, header] = all[0]!;
    if (headerName !== 'a') throw fail(4770504, `Expected first field to be array header a but found ${headerName}`);
    if (typeof header !== 'boolean')
      throw fail(4770519, `Expected array header to be bool but got ${renderElement(headerName, header)}`);
    if (!header)
      throw fail(4770520, `Expected array header to be value true but got ${renderElement(headerName, header)}`);
    let first = 1;
    if (all.length > 1 && all[1]![0] === 'l') {
      const size = all[1]![1];
      if (!(size instanceof Int32)) throw fail(4770507, 'Expected l section to be type int');
      this.newSize = checkedIndex(size.value);
      first = 2;
    }
    this.entries = all.slice(first);
  }

  /** The next entry, in diff order, or undefined after the last. */
  next(): ArrayModification | undefined {
    if (this.at >= this.entries.length) return undefined;
    const [name, value] = this.entries[this.at++]!;
    if (name.length <= 1)
      throw fail(4770521, `expected field name to be at least two characters long, but found: ${name}`);
    const digits = name.slice(1);
    if (!/^[0-9]+$/.test(digits)) throw fail(4770512, `Expected integer but got ${digits}`);
    const index = checkedIndex(Number(digits));
    if (name[0] === 'u') return { index, kind: 'update', value };
    if (name[0] === 's') {
      if (!isDoc(value))
        throw fail(4770501, `expected sub diff at index ${index} but got ${renderElement(name, value)}`);
      return { index, kind: 'sub', reader: readSubDiff(value) };
    }
    throw fail(
      4770502,
      `Expected either 'u' (update) or 's' (sub diff) at index ${index} but got ${renderElement(name, value)}`,
    );
  }
}

/**
 * An index or length the applier would pad to. The server pads with nulls until its buffer refuses
 * to grow past 64 MB (or wraps a negative `l` to a huge size); this stops before building it.
 */
function checkedIndex(n: number): number {
  if (n < 0 || n > MAX_ARRAY_INDEX)
    throw fail(13548, `BufBuilder attempted to grow() to more than the 64MB limit: array diff index or length ${n}`);
  return n;
}
