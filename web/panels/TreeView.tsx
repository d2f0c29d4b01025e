/**
 * A document as the shell prints it (keys unquoted, BSON types visible), rendered from the
 * engine's display tree, with optional field marks (diff), array-operator outlines and field
 * origin badges (upserts).
 */
import type { ReactNode } from 'react';
import type { TreeNode } from '../../engine/worker/protocol.js';
import { joinPath, type Mark } from '../diff/tree-diff.js';

export interface TreeDecorations {
  readonly marks?: ReadonlyMap<string, Mark>;
  /** Path → array operator (`g`, `[]`, `$`) whose element is outlined. */
  readonly outlines?: ReadonlyMap<string, string>;
  /** Operator → colour index, for the outline colour. */
  readonly colours?: ReadonlyMap<string, number>;
  /** Path → origin badge text (upserted documents). */
  readonly origins?: ReadonlyMap<string, string>;
}

const IDENT = /^[A-Za-z_$][\w$]*$/;

/** Longest array rendered in full (mongosh prints 100 elements, then "... n more items"). */
const MAX_ITEMS = 100;

function keyText(key: string): string {
  return IDENT.test(key) ? key : JSON.stringify(key);
}

/** Rough printed width of a node, to decide what fits on one line (like mongosh's breakLength). */
function width(node: TreeNode): number {
  if (node.t === 'val') return node.text.length;
  if (node.t === 'arr') return 4 + node.items.reduce((n, i) => n + width(i) + 2, 0);
  return 4 + node.fields.reduce((n, [k, v]) => n + k.length + 2 + width(v) + 2, 0);
}

/** Scalars, and small arrays/documents of scalars, print on one line. */
function isInline(node: TreeNode): boolean {
  if (node.t === 'val') return true;
  if (node.t === 'arr') return node.items.length <= 12 && node.items.every((i) => i.t === 'val') && width(node) <= 60;
  return node.fields.length <= 6 && node.fields.every(([, v]) => v.t === 'val') && width(node) <= 60;
}

function Value({ node, path, deco }: { node: TreeNode; path: string; deco: TreeDecorations }): ReactNode {
  if (node.t === 'val') {
    return <span className={`v v-${node.type}`}>{node.text}</span>;
  }
  if (node.t === 'arr') {
    if (node.items.length === 0) return <span className="punct">[]</span>;
    if (isInline(node)) {
      return (
        <span>
          <span className="punct">[ </span>
          {node.items.map((item, i) => (
            <span key={i}>
              {i > 0 ? <span className="punct">, </span> : null}
              <Decorated path={joinPath(path, String(i))} deco={deco} inline>
                <Value node={item} path={joinPath(path, String(i))} deco={deco} />
              </Decorated>
            </span>
          ))}
          <span className="punct"> ]</span>
        </span>
      );
    }
    return (
      <span>
        <span className="punct">[</span>
        <div className="block">
          {node.items.slice(0, MAX_ITEMS).map((item, i) => (
            <div key={i} className="line">
              <Decorated path={joinPath(path, String(i))} deco={deco}>
                <Value node={item} path={joinPath(path, String(i))} deco={deco} />
                {i < node.items.length - 1 ? <span className="punct">,</span> : null}
              </Decorated>
            </div>
          ))}
          {node.items.length > MAX_ITEMS ? (
            <div className="line punct">… {node.items.length - MAX_ITEMS} more items</div>
          ) : null}
        </div>
        <span className="punct">]</span>
      </span>
    );
  }
  if (node.fields.length === 0) return <span className="punct">{'{}'}</span>;
  if (path !== '' && isInline(node)) {
    return (
      <span>
        <span className="punct">{'{ '}</span>
        {node.fields.map(([key, value], i) => {
          const p = joinPath(path, key);
          return (
            <span key={key + i}>
              {i > 0 ? <span className="punct">, </span> : null}
              <Decorated path={p} deco={deco} inline>
                <span className="k">{keyText(key)}</span>
                <span className="punct">: </span>
                <Value node={value} path={p} deco={deco} />
              </Decorated>
            </span>
          );
        })}
        <span className="punct">{' }'}</span>
      </span>
    );
  }
  return (
    <span>
      <span className="punct">{'{'}</span>
      <div className="block">
        {node.fields.map(([key, value], i) => {
          const p = joinPath(path, key);
          return (
            <div key={key + i} className="line">
              <Decorated path={p} deco={deco}>
                <span className="k">{keyText(key)}</span>
                <span className="punct">: </span>
                <Value node={value} path={p} deco={deco} />
                {i < node.fields.length - 1 ? <span className="punct">,</span> : null}
              </Decorated>
            </div>
          );
        })}
      </div>
      <span className="punct">{'}'}</span>
    </span>
  );
}

const MARK_TESTID: Record<Mark['kind'], string> = {
  added: 'diff-added',
  removed: 'diff-removed',
  changed: 'diff-changed',
};

function Decorated({
  path,
  deco,
  inline = false,
  children,
}: {
  path: string;
  deco: TreeDecorations;
  inline?: boolean;
  children: ReactNode;
}): ReactNode {
  const mark = deco.marks?.get(path);
  const outline = deco.outlines?.get(path);
  const origin = deco.origins?.get(path);
  let out: ReactNode = children;
  if (mark !== undefined) {
    out = (
      <span className={`mark mark-${mark.kind}`} data-testid={MARK_TESTID[mark.kind]} data-path={path}>
        {out}
        {mark.typeChange !== undefined ? <span className="type-change">{mark.typeChange}</span> : null}
        {mark.moved !== undefined ? <span className="type-change moved">{mark.moved}</span> : null}
      </span>
    );
  }
  if (outline !== undefined) {
    const colour = deco.colours?.get(outline) ?? 0;
    out = (
      <span
        className={`af-match af-c${colour % 6}`}
        data-testid="array-filter-match"
        data-identifier={outline}
        data-path={path}
        title={`${operatorLabel(outline)} → ${path}`}
      >
        {out}
      </span>
    );
  }
  if (origin !== undefined) {
    out = (
      <>
        {out}
        <span className={`origin origin-${origin}`} data-testid="field-origin">
          {ORIGIN_LABEL[origin] ?? origin}
        </span>
      </>
    );
  }
  return inline ? out : <>{out}</>;
}

export const ORIGIN_LABEL: Readonly<Record<string, string>> = {
  query: 'from query equality',
  update: 'from update',
  setOnInsert: 'from $setOnInsert',
  replacement: 'from replacement',
  generatedId: 'generated _id',
};

export function operatorLabel(op: string): string {
  return op === '[]' ? '$[]' : op === '$' ? '$' : `$[${op}]`;
}

export function TreeView({ node, deco = {} }: { node: TreeNode; deco?: TreeDecorations }): ReactNode {
  return (
    <code className="tree">
      <Value node={node} path="" deco={deco} />
    </code>
  );
}
