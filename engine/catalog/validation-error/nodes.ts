/** Building blocks of the annotated tree shared by the query and JSON Schema translations. */
import type { Collator } from '../../bson/compare.js';
import type { Doc } from '../../bson/values.js';
import { compileFilter } from '../filter.js';
import type { ErrorAnnotation, ErrorNode, ErrorNodeKind } from './error-tree.js';

/** A node whose `matches` is the engine's matcher for `filter` (compiled on first use). */
export function filterNode(
  kind: ErrorNodeKind,
  path: string,
  annotation: ErrorAnnotation | null,
  filter: Doc,
  collator: Collator | null,
  children: readonly ErrorNode[] = [],
): ErrorNode {
  let compiled: ((doc: Doc) => boolean) | undefined;
  return {
    kind,
    path,
    annotation,
    children,
    matches(doc) {
      if (!compiled) {
        const f = compileFilter(filter, collator);
        compiled = (x) => f.matches(x);
      }
      return compiled(doc);
    },
  };
}

export function notNode(annotation: ErrorAnnotation | null, child: ErrorNode): ErrorNode {
  return { kind: 'not', path: '', annotation, children: [child], matches: (doc) => !child.matches(doc) };
}
