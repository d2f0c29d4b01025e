/**
 * The command editor: Monaco on wide screens (loaded lazily), a plain <textarea> on narrow
 * screens (< 700px) or when Monaco cannot load. Both carry `data-testid="command-editor"`; in
 * e2e, click it and type (Monaco's hidden textarea receives the keys), and wait for
 * `data-ready="true"` before typing into Monaco.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type * as MonacoApi from 'monaco-editor/editor/editor.api';
import type { TextHighlight } from './highlights.js';
import type { EditorMarker } from './markers.js';
import type * as MonacoSetup from './monaco-setup.js';

export interface CommandEditorOptions {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly onRun: () => void;
  readonly readOnly: boolean;
  readonly markers: readonly EditorMarker[];
  /** Coloured ranges (arrayFilters identifiers), as offsets into `value`. */
  readonly highlights: readonly TextHighlight[];
  readonly dark: boolean;
  /** Monaco's font size in px (the textarea follows the page's rem size). */
  readonly fontSize: number;
  readonly fieldPaths: () => readonly string[];
  readonly collectionNames: () => readonly string[];
  readonly label: string;
}

export const NARROW_QUERY = '(max-width: 700px)';

/** Focuses whichever command editor is mounted (dialogs hand focus back to it after a choice). */
let focusMounted: (() => void) | null = null;
export function focusCommandEditor(): void {
  focusMounted?.();
}

export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const m = window.matchMedia(query);
    const listener = (): void => setMatches(m.matches);
    m.addEventListener('change', listener);
    return () => m.removeEventListener('change', listener);
  }, [query]);
  return matches;
}

export function CommandEditor(props: CommandEditorOptions): ReactNode {
  const narrow = useMediaQuery(NARROW_QUERY);
  const [failed, setFailed] = useState(false);
  if (narrow || failed) return <PlainEditor {...props} />;
  return <MonacoEditor {...props} onFail={() => setFailed(true)} />;
}

function PlainEditor(props: CommandEditorOptions): ReactNode {
  const first = props.markers[0];
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const focus = (): void => area.current?.focus();
    focusMounted = focus;
    return () => {
      if (focusMounted === focus) focusMounted = null;
    };
  }, []);
  return (
    <div className="plain-editor">
      <textarea
        ref={area}
        data-testid="command-editor"
        data-editor="textarea"
        data-ready="true"
        aria-label={props.label}
        spellCheck={false}
        value={props.value}
        readOnly={props.readOnly}
        onChange={(e) => props.onChange(e.target.value)}
        onKeyDown={(e) => {
          if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') {
            e.preventDefault();
            props.onRun();
          }
        }}
      />
      {first !== undefined ? (
        <p
          className="plain-marker"
          data-testid="editor-marker"
          data-line={first.startLine}
          data-column={first.startColumn}
          data-end-line={first.endLine}
          data-end-column={first.endColumn}
          data-severity={first.severity ?? 'error'}
        >
          Line {first.startLine}, column {first.startColumn}: {first.message}
        </p>
      ) : null}
    </div>
  );
}

/** Focuses the next (or previous) focusable element outside `container`, in document order. */
function focusNextOutside(container: HTMLElement, backwards: boolean): void {
  const all = [
    ...document.querySelectorAll<HTMLElement>(
      'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])',
    ),
  ].filter((el) => !container.contains(el) && el.offsetParent !== null);
  const after = all.filter((el) => container.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
  const before = all.filter((el) => container.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING);
  const target = backwards ? before[before.length - 1] : after[0];
  target?.focus();
}

type MonacoModule = typeof MonacoSetup;
type Editor = MonacoApi.editor.IStandaloneCodeEditor;

function MonacoEditor(props: CommandEditorOptions & { onFail: () => void }): ReactNode {
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<Editor | null>(null);
  const moduleRef = useRef<MonacoModule | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const [ready, setReady] = useState(false);
  const [focused, setFocused] = useState(false);

  useEffect(() => {
    let disposed = false;
    import('./monaco-setup.js')
      .then((mod) => {
        if (disposed || host.current === null) return;
        const monaco = mod.setupMonaco();
        moduleRef.current = mod;
        mod.setCompletionContext({
          fieldPaths: () => latest.current.fieldPaths(),
          collectionNames: () => latest.current.collectionNames(),
        });
        const editor = monaco.editor.create(host.current, {
          value: latest.current.value,
          language: mod.LANGUAGE_ID,
          theme: latest.current.dark ? 'upsert-dark' : 'upsert-light',
          automaticLayout: true,
          minimap: { enabled: false },
          fontSize: latest.current.fontSize,
          lineNumbersMinChars: 3,
          scrollBeyondLastLine: false,
          wordWrap: 'on',
          overviewRulerLanes: 0,
          hideCursorInOverviewRuler: true,
          scrollbar: { alwaysConsumeMouseWheel: false, verticalScrollbarSize: 10 },
          tabSize: 2,
          renderLineHighlight: 'line',
          readOnly: latest.current.readOnly,
          ariaLabel: latest.current.label,
          fixedOverflowWidgets: true,
          padding: { top: 8, bottom: 8 },
        });
        editor.onDidChangeModelContent(() => {
          const text = editor.getValue();
          if (text !== latest.current.value) latest.current.onChange(text);
        });
        editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => latest.current.onRun());
        // Tab indents inside the editor; Esc then Tab (or Shift+Tab) leaves it, as the hint says.
        let escaped = false;
        editor.onKeyDown((e) => {
          if (e.keyCode === monaco.KeyCode.Escape) {
            escaped = true;
            return;
          }
          if (e.keyCode === monaco.KeyCode.Tab && escaped && host.current !== null) {
            e.preventDefault();
            e.stopPropagation();
            focusNextOutside(host.current, e.shiftKey);
          }
          escaped = false;
        });
        editor.onDidFocusEditorText(() => setFocused(true));
        editor.onDidBlurEditorText(() => setFocused(false));
        editorRef.current = editor;
        focusMounted = () => editor.focus();
        setReady(true);
      })
      .catch(() => {
        if (!disposed) props.onFail();
      });
    return () => {
      disposed = true;
      focusMounted = null;
      editorRef.current?.getModel()?.dispose();
      editorRef.current?.dispose();
      editorRef.current = null;
    };
    // Created once; later prop changes are pushed by the effects below.
  }, []);

  useEffect(() => {
    const editor = editorRef.current;
    if (editor !== null && editor.getValue() !== props.value) editor.setValue(props.value);
  }, [props.value, ready]);

  useEffect(() => {
    editorRef.current?.updateOptions({ readOnly: props.readOnly });
  }, [props.readOnly, ready]);

  useEffect(() => {
    editorRef.current?.updateOptions({ fontSize: props.fontSize });
  }, [props.fontSize, ready]);

  useEffect(() => {
    moduleRef.current?.monaco.editor.setTheme(props.dark ? 'upsert-dark' : 'upsert-light');
  }, [props.dark, ready]);

  useEffect(() => {
    const mod = moduleRef.current;
    const model = editorRef.current?.getModel();
    if (mod === null || model === null || model === undefined) return;
    mod.monaco.editor.setModelMarkers(
      model,
      'upsert-lab',
      props.markers.map((m) => ({
        ...m,
        startLineNumber: m.startLine,
        endLineNumber: m.endLine,
        severity: m.severity === 'warning' ? mod.monaco.MarkerSeverity.Warning : mod.monaco.MarkerSeverity.Error,
      })),
    );
  }, [props.markers, ready]);

  const decorations = useRef<MonacoApi.editor.IEditorDecorationsCollection | null>(null);
  useEffect(() => {
    const editor = editorRef.current;
    const model = editor?.getModel();
    if (editor === null || model === null || model === undefined) return;
    decorations.current ??= editor.createDecorationsCollection();
    const length = model.getValueLength();
    decorations.current.set(
      props.highlights
        .filter((h) => h.end <= length)
        .map((h) => {
          const a = model.getPositionAt(h.start);
          const b = model.getPositionAt(h.end);
          return {
            range: {
              startLineNumber: a.lineNumber,
              startColumn: a.column,
              endLineNumber: b.lineNumber,
              endColumn: b.column,
            },
            options: { inlineClassName: `af-text af-text-c${h.colour % 6}` },
          };
        }),
    );
  }, [props.highlights, ready]);

  const first = props.markers[0];
  return (
    <div className="monaco-wrap">
      <div
        ref={host}
        className="monaco-host"
        data-testid="command-editor"
        data-editor="monaco"
        data-ready={ready ? 'true' : 'false'}
        role="group"
        aria-label={props.label}
      />
      <p className={`editor-keys ${focused ? 'on' : ''}`} data-testid="editor-tab-hint">
        <kbd>Esc</kbd> then <kbd>Tab</kbd> leaves the editor (<kbd>Ctrl</kbd>+<kbd>M</kbd>: Tab moves focus)
      </p>
      {first !== undefined ? (
        <p
          className="plain-marker"
          data-testid="editor-marker"
          data-line={first.startLine}
          data-column={first.startColumn}
          data-end-line={first.endLine}
          data-end-column={first.endColumn}
          data-severity={first.severity ?? 'error'}
        >
          Line {first.startLine}, column {first.startColumn}: {first.message}
        </p>
      ) : null}
    </div>
  );
}
