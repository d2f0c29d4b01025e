/** The top bar: product name, examples, deployment, undo/redo, share, theme, engine status. */
import type { ReactNode } from 'react';
import { ACTIONS, perform } from '../actions/actions.js';
import { usePlayground } from '../state/store.js';
import type { Theme } from '../state/types.js';
import { presentationUrl } from '../share/url.js';
import { NARROW_QUERY, useMediaQuery } from '../editor/CommandEditor.js';
import { DeploymentSelect } from './DeploymentSelect.js';
import { MoreMenu } from './MoreMenu.js';
import { PreviousWorkButton } from './SavedWorkBanner.js';

const NEXT_THEME: Record<Theme, Theme> = { system: 'light', light: 'dark', dark: 'system' };
const THEME_LABEL: Record<Theme, string> = { system: 'Theme: system', light: 'Theme: light', dark: 'Theme: dark' };
const THEME_ICON: Record<Theme, string> = { system: '◐', light: '☀', dark: '☾' };

/**
 * Wide screens show every control. Phones (Run, Share) and presentation (Examples, Share,
 * Present) keep the few they need in the row and put the rest under "More", so the toolbar
 * stays one row at any zoom.
 */
export function Header(): ReactNode {
  const readOnly = usePlayground((s) => s.readOnly);
  const presentation = usePlayground((s) => s.presentation);
  const narrow = useMediaQuery(NARROW_QUERY);
  const examples = readOnly ? null : (
    <button
      type="button"
      className="btn"
      data-testid="examples-button"
      data-closes-menu
      onClick={() => void perform('openExamples')}
    >
      <span aria-hidden="true">☰</span> Examples
    </button>
  );
  const share = (
    <button
      type="button"
      className="btn primary-outline"
      data-testid="share-button"
      data-closes-menu
      onClick={() => void perform('openShare')}
    >
      <span aria-hidden="true">⇪</span> Share
    </button>
  );
  const secondary = (inMenu: boolean): ReactNode => (
    <>
      <DeploymentSelect />
      <History labelled={inMenu} />
      <PreviousWorkButton />
      <ResetEverything />
    </>
  );
  let tools: ReactNode;
  if (narrow) {
    tools = (
      <>
        <ToolbarRun />
        {share}
        <MoreMenu>
          {examples}
          {secondary(true)}
          <PresentationToggle />
          <ThemeToggle labelled />
        </MoreMenu>
      </>
    );
  } else if (presentation) {
    tools = (
      <>
        {examples}
        {share}
        <PresentationToggle />
        <MoreMenu>
          {secondary(true)}
          <ThemeToggle labelled />
        </MoreMenu>
        <EngineStatus />
      </>
    );
  } else {
    tools = (
      <>
        {examples}
        {secondary(false)}
        {share}
        <PresentationToggle />
        <ThemeToggle />
        <EngineStatus />
      </>
    );
  }
  return (
    <header className="topbar">
      <div className="brand">
        <span className="logo" aria-hidden="true">
          ⇡
        </span>
        <div>
          <h1>Upsert Lab</h1>
          <p className="tagline">MongoDB 8.0 updates, shown step by step — all in your browser</p>
        </div>
        {narrow ? <EngineStatus /> : null}
      </div>
      <nav className="toolbar" aria-label="Playground">
        {tools}
      </nav>
    </header>
  );
}

/** Undo and redo; `labelled` (in the More menu) writes their names beside the arrows. */
function History({ labelled }: { readonly labelled: boolean }): ReactNode {
  const canUndo = usePlayground((s) => ACTIONS.undo.enabled(s));
  const canRedo = usePlayground((s) => ACTIONS.redo.enabled(s));
  return (
    <div className="btn-group" role="group" aria-label="History">
      <button
        type="button"
        className="btn icon"
        data-testid="undo-button"
        disabled={!canUndo}
        title={`Undo the last run or edit (${ACTIONS.undo.shortcut ?? ''})`}
        aria-label="Undo"
        onClick={() => void perform('undo')}
      >
        <span aria-hidden="true">↶</span>
        {labelled ? ' Undo' : null}
      </button>
      <button
        type="button"
        className="btn icon"
        data-testid="redo-button"
        disabled={!canRedo}
        title={`Redo (${ACTIONS.redo.shortcut ?? ''})`}
        aria-label="Redo"
        onClick={() => void perform('redo')}
      >
        <span aria-hidden="true">↷</span>
        {labelled ? ' Redo' : null}
      </button>
    </div>
  );
}

function ResetEverything(): ReactNode {
  const readOnly = usePlayground((s) => s.readOnly);
  if (readOnly) return null;
  return (
    <button
      type="button"
      className="btn subtle"
      data-testid="reset-everything"
      data-closes-menu
      title="Forget every change and start again from the starter example"
      onClick={() => {
        if (window.confirm('Reset everything? Your collections and command go back to the starter example.')) {
          void perform('resetEverything');
        }
      }}
    >
      Reset
    </button>
  );
}

/** Run in the phone's toolbar: the command pane's Run is a long scroll away there. */
function ToolbarRun(): ReactNode {
  const readOnly = usePlayground((s) => s.readOnly);
  const canRun = usePlayground((s) => ACTIONS.run.enabled(s));
  if (readOnly) return null;
  return (
    <button
      type="button"
      className="btn primary"
      data-testid="toolbar-run"
      disabled={!canRun}
      title="Run and commit"
      onClick={() => void perform('run')}
    >
      ▶ Run
    </button>
  );
}

function ThemeToggle({ labelled = false }: { readonly labelled?: boolean }): ReactNode {
  const theme = usePlayground((s) => s.theme);
  const setTheme = usePlayground((s) => s.setTheme);
  return (
    <button
      type="button"
      className="btn icon"
      data-testid="theme-toggle"
      aria-label={`${THEME_LABEL[theme]} (click to change)`}
      title={THEME_LABEL[theme]}
      onClick={() => setTheme(NEXT_THEME[theme])}
    >
      <span aria-hidden="true">{THEME_ICON[theme]}</span>
      {labelled ? ` ${THEME_LABEL[theme]}` : null}
    </button>
  );
}

/** Presentation mode on/off; the address keeps `?present=1` so a reload or a link keeps it. */
export function PresentationToggle(): ReactNode {
  const on = usePlayground((s) => s.presentation);
  const setPresentation = usePlayground((s) => s.setPresentation);
  return (
    <button
      type="button"
      className={`btn subtle ${on ? 'pressed' : ''}`}
      data-testid="presentation-toggle"
      data-closes-menu
      aria-pressed={on}
      title="Presentation: larger text, command beside the diff"
      onClick={() => {
        setPresentation(!on);
        window.history.replaceState(window.history.state, '', presentationUrl(window.location.href, !on));
      }}
    >
      Present
    </button>
  );
}

export function EngineStatus(): ReactNode {
  const status = usePlayground((s) => s.status);
  const text =
    status === 'starting'
      ? 'starting…'
      : status === 'running'
        ? 'running…'
        : status === 'restarting'
          ? 'restarting…'
          : status === 'error'
            ? 'engine error'
            : 'engine ready';
  return (
    <span className={`status status-${status}`} data-testid="engine-status" data-state={status} role="status">
      {text}
    </span>
  );
}
