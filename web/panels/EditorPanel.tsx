/** The command editor with its Run button, preview state and notices. */
import { useCallback, useMemo, type ReactNode } from 'react';
import { ACTIONS, perform } from '../actions/actions.js';
import { CommandEditor, NARROW_QUERY, useMediaQuery } from '../editor/CommandEditor.js';
import { identifierHighlights } from '../editor/highlights.js';
import { markersFor } from '../editor/markers.js';
import { schedulePreview } from '../engine/preview.js';
import { store, usePlayground } from '../state/store.js';
import type { TreeNode } from '../../engine/worker/protocol.js';

function fieldPathsOf(node: TreeNode, prefix: string, out: Set<string>, depth = 0): void {
  if (depth > 6) return;
  if (node.t === 'doc') {
    for (const [k, v] of node.fields) {
      const p = prefix === '' ? k : `${prefix}.${k}`;
      out.add(p);
      fieldPathsOf(v, p, out, depth + 1);
    }
  } else if (node.t === 'arr') {
    for (const item of node.items.slice(0, 20)) fieldPathsOf(item, prefix, out, depth + 1);
  }
}

/** The selected collection's field paths, for completions. */
function currentFieldPaths(): string[] {
  const s = store.getState();
  const view = s.views.find((v) => v.name === s.selected);
  const out = new Set<string>();
  for (const d of view?.documents.slice(0, 200) ?? []) fieldPathsOf(d.tree, '', out);
  return [...out];
}

export function EditorPanel({ dark }: { dark: boolean }): ReactNode {
  const command = usePlayground((s) => s.command);
  const setCommand = usePlayground((s) => s.setCommand);
  const readOnly = usePlayground((s) => s.readOnly);
  const presentation = usePlayground((s) => s.presentation);
  const canRun = usePlayground((s) => ACTIONS.run.enabled(s));
  const status = usePlayground((s) => s.status);
  const shown = usePlayground((s) => s.shown);
  const problem = usePlayground((s) => s.problem);
  const notice = usePlayground((s) => s.notice);
  const markers = useMemo(() => {
    const marked = problem !== null && problem.script === command ? problem : shown;
    return marked !== null && marked.script === command ? markersFor(command, marked.run.marked) : [];
  }, [shown, problem, command]);
  const highlights = useMemo(() => {
    if (shown === null || shown.script !== command) return [];
    return identifierHighlights(command, new Map(shown.run.filterColours));
  }, [shown, command]);
  const onChange = useCallback(
    (text: string) => {
      setCommand(text);
      schedulePreview();
    },
    [setCommand],
  );
  const previewing = shown?.kind === 'preview' && shown.script === command;
  return (
    <section className="panel editor-panel" aria-labelledby="editor-title">
      <div className="panel-head">
        <h2 id="editor-title">Command</h2>
        <span className={`preview-state ${previewing ? 'on' : ''}`} data-testid="preview-state" aria-live="polite">
          {status === 'running' ? 'Running…' : previewing && !readOnly ? 'Preview — Run to apply' : ''}
        </span>
        {readOnly ? (
          <span className="badge">read-only</span>
        ) : (
          <button
            type="button"
            className="btn primary"
            data-testid="run-button"
            disabled={!canRun}
            title={`Run and commit (${ACTIONS.run.shortcut ?? ''} / ⌘+Enter)`}
            onClick={() => void perform('run')}
          >
            ▶ Run
          </button>
        )}
      </div>
      <Intro />
      <ScenarioBanner />
      <CommandEditor
        value={command}
        onChange={onChange}
        onRun={() => void perform('run')}
        readOnly={readOnly}
        markers={markers}
        highlights={highlights}
        dark={dark}
        fontSize={presentation ? 20 : 14}
        fieldPaths={currentFieldPaths}
        collectionNames={() => store.getState().views.map((v) => v.name)}
        label="Command editor (mongosh syntax). Ctrl+Enter runs; Esc then Tab leaves the editor."
      />
      {notice !== null ? (
        <p className={`notice notice-${notice.kind}`} role="alert" data-testid="notice">
          {notice.text}
          <button
            type="button"
            className="btn tiny"
            aria-label="Dismiss"
            onClick={() => store.getState().setNotice(null)}
          >
            ✕
          </button>
        </p>
      ) : null}
    </section>
  );
}

function Intro(): ReactNode {
  const dismissed = usePlayground((s) => s.introDismissed || s.embed);
  const dismiss = usePlayground((s) => s.dismissIntro);
  // The tips name the layout the reader sees: one column and no keyboard shortcut on a phone.
  const narrow = useMediaQuery(NARROW_QUERY);
  if (dismissed) return null;
  return (
    <div className="intro" data-testid="intro">
      <ol>
        <li>
          <strong>Edit</strong> the mongosh command — {narrow ? 'the preview further down' : 'the What changed pane'}{' '}
          shows what it would change.
        </li>
        <li>
          <strong>Run</strong>
          {narrow ? null : (
            <>
              {' '}
              (<kbd>Ctrl</kbd>+<kbd>Enter</kbd>)
            </>
          )}{' '}
          applies it to the collections {narrow ? 'above' : 'on the left'}; Undo reverts.
        </li>
        <li>
          <strong>Examples</strong> is a short course: basics, operators, arrays, upserts, pipelines, collation…
        </li>
      </ol>
      <button type="button" className="btn tiny" onClick={dismiss}>
        Got it
      </button>
    </div>
  );
}

function ScenarioBanner(): ReactNode {
  const info = usePlayground((s) => s.scenarioInfo);
  if (info === null) return null;
  return (
    <p className="scenario-banner" data-testid="scenario-banner">
      <strong>{info.title}</strong>
      <span className="muted">{info.description}</span>
      {info.section !== undefined ? <span className="section">{info.section}</span> : null}
    </p>
  );
}
