/**
 * The state of one error generation (doc_validation_error.cpp's `ValidationErrorContext`): a
 * stack of frames, one per node being visited, each with the error it is building (an object and
 * an array), its runtime state, the document it is asked about and whether the error is worded
 * normally or inverted (under `$not`/`$nor`); and the latest complete error a finished node left
 * for its parent.
 */
import type { Doc, Value } from '../../bson/values.js';
import type { ErrorNode } from './error-tree.js';

/** `RuntimeState`: whether a node contributes to the error. */
export type RuntimeState = 'error' | 'noError' | 'errorNeedChildrenInfo' | 'errorIgnoreChildren';

export interface FrameParams {
  readonly doc: Doc;
  readonly inverted: boolean;
}

export interface Frame {
  readonly obj: Map<string, Value>;
  readonly arr: Value[];
  childIndex: number;
  state: RuntimeState;
  consideredValuesTruncated: boolean;
  params: FrameParams;
}

/** The latest complete error: none, a path (a `required` property), an object, or an array. */
export type LatestError =
  | { readonly type: 'none' }
  | { readonly type: 'string'; readonly value: string }
  | { readonly type: 'object'; readonly value: Doc }
  | { readonly type: 'array'; readonly value: Value[] };

const NONE: LatestError = { type: 'none' };

export class ValidationErrorContext {
  readonly frames: Frame[] = [];
  latest: LatestError = NONE;
  private childInput: FrameParams | undefined;

  constructor(
    readonly rootDoc: Doc,
    readonly truncate: boolean,
    readonly maxConsideredValues: number,
  ) {}

  private get top(): Frame {
    return this.frames[this.frames.length - 1]!;
  }

  /** `pushNewFrame`: decides whether the node contributes, asking it to match when the parent needs to know. */
  pushNewFrame(node: ErrorNode): void {
    this.latest = NONE;
    if (this.frames.length === 0) {
      this.frames.push(newFrame('error', { doc: this.rootDoc, inverted: false }));
      return;
    }
    const parentState = this.top.state;
    let params = this.top.params;
    if (this.childInput) {
      params = this.childInput;
      this.childInput = undefined;
    }
    if (parentState === 'noError' || parentState === 'errorIgnoreChildren' || node.annotation?.mode === 'ignore') {
      this.frames.push(newFrame('noError', params));
      return;
    }
    if (parentState === 'errorNeedChildrenInfo') {
      let generate: boolean;
      try {
        generate = node.matches(params.doc) ? params.inverted : !params.inverted;
      } catch {
        generate = true;
      }
      this.frames.push(newFrame(generate ? 'error' : 'noError', params));
      return;
    }
    this.frames.push(newFrame('error', params));
  }

  popFrame(): void {
    this.frames.pop();
  }

  get obj(): Map<string, Value> {
    return this.top.obj;
  }
  get arr(): Value[] {
    return this.top.arr;
  }
  get childIndex(): number {
    return this.top.childIndex;
  }
  incrementChildIndex(): void {
    this.top.childIndex++;
  }
  get state(): RuntimeState {
    return this.top.state;
  }
  /** A node that does not contribute never starts to. */
  setState(state: RuntimeState): void {
    if (this.top.state !== 'noError') this.top.state = state;
  }
  setChildInput(doc: Doc, inverted: boolean): void {
    this.childInput = { doc, inverted };
  }
  get currentDoc(): Doc {
    return this.frames.length > 0 ? this.top.params.doc : this.rootDoc;
  }
  get inverted(): boolean {
    return this.top.params.inverted;
  }
  flipInversion(): void {
    this.top.params = { doc: this.top.params.doc, inverted: !this.top.params.inverted };
  }
  markConsideredValuesTruncated(): void {
    this.top.consideredValuesTruncated = true;
  }
  get consideredValuesTruncated(): boolean {
    return this.top.consideredValuesTruncated;
  }

  hasLatest(): boolean {
    return this.latest.type !== 'none';
  }

  /** Appends the latest error to an object as `details`. */
  appendLatestTo(obj: Map<string, Value>): void {
    const l = this.latest;
    if (l.type === 'object' || l.type === 'array') obj.set('details', l.value);
  }

  /** Appends the latest error to an array (an array error is absorbed element by element). */
  appendLatestToArray(arr: Value[]): void {
    const l = this.latest;
    if (l.type === 'object' || l.type === 'string') arr.push(l.value);
    else if (l.type === 'array') arr.push(...l.value);
  }

  /** A `_subschema` or `_propertiesExistList` node hands its parent an array, not an object. */
  producesArray(node: ErrorNode): boolean {
    const tag = node.annotation?.tag;
    return tag === '_subschema' || tag === '_propertiesExistList';
  }

  shouldGenerateError(node: ErrorNode): boolean {
    return node.annotation?.mode === 'generate' && this.state !== 'noError';
  }

  /** `finishCurrentError`: stashes the node's error when it made one, and pops its frame. */
  finishCurrentError(node: ErrorNode): void {
    if (this.shouldGenerateError(node)) {
      this.latest = this.producesArray(node)
        ? { type: 'array', value: [...this.arr] }
        : { type: 'object', value: new Map(this.obj) };
    }
    this.popFrame();
  }
}

function newFrame(state: RuntimeState, params: FrameParams): Frame {
  return { obj: new Map(), arr: [], childIndex: 0, state, consideredValuesTruncated: false, params };
}
