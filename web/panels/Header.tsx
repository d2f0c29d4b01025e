/** The top bar: product name, examples, deployment, undo/redo, share, theme, engine status. */
import type { ReactNode } from 'react';
import { ACTIONS, perform } from '../actions/actions.js';
import { usePlayground } from '../state/store.js';
import type { Theme } from '../state/types.js';
import { presentationUrl } from '../share/url.js';
import { DeploymentSelect } from './DeploymentSelect.js';
import { PreviousWorkButton } from './SavedWorkBanner.js';

const NEXT_THEME: Record<Theme, Theme> = { system: 'light', light: 'dark', dark: 'system' };
const THEME_LABEL: Record<Theme, string> = { system: 'Theme: system', light: 'Theme: light', dark: 'Theme: dark' };
const THEME_ICON: Record<Theme, string> = { system: '◐', light: '☀', dark: '☾' };

export function Header(): ReactNode {
  const readOnly = usePlayground((s) => s.readOnly);
  const canUndo = usePlayground((s) => ACTIONS.undo.enabled(s));
  const canRedo = usePlayground((s) => ACTIONS.redo.enabled(s));
  const theme = usePlayground((s) => s.theme);
  const setTheme = usePlayground((s) => s.setTheme);
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
      </div>
      <nav className="toolbar" aria-label="Playground">
        {readOnly ? null : (
          <button
            type="button"
            className="btn"
            data-testid="examples-button"
            onClick={() => void perform('openExamples')}
          >
            <span aria-hidden="true">☰</span> Examples
          </button>
        )}
        <DeploymentSelect />
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
            ↶
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
            ↷
          </button>
        </div>
        <PreviousWorkButton />
        {readOnly ? null : (
          <button
            type="button"
            className="btn subtle"
            data-testid="reset-everything"
            title="Forget every change and start again from the starter example"
            onClick={() => {
              if (window.confirm('Reset everything? Your collections and command go back to the starter example.')) {
                void perform('resetEverything');
              }
            }}
          >
            Reset
          </button>
        )}
        <button
          type="button"
          className="btn primary-outline"
          data-testid="share-button"
          onClick={() => void perform('openShare')}
        >
          <span aria-hidden="true">⇪</span> Share
        </button>
        <PresentationToggle />
        <button
          type="button"
          className="btn icon"
          data-testid="theme-toggle"
          aria-label={`${THEME_LABEL[theme]} (click to change)`}
          title={THEME_LABEL[theme]}
          onClick={() => setTheme(NEXT_THEME[theme])}
        >
          <span aria-hidden="true">{THEME_ICON[theme]}</span>
        </button>
        <EngineStatus />
      </nav>
    </header>
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
