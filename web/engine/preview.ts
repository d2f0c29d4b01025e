/**
 * Live preview (dry runs while typing), Run, and the Why trace of what the panes show. Only the
 * latest preview may write its result ("did anything change in the meantime?").
 */
import type { RunHead, ShellErrorReply, WhyTrace } from '../../engine/worker/protocol.js';
import { store } from '../state/store.js';
import { REQUEST_TIMEOUT_MS } from './bridge.js';
import { fromViews } from './convert.js';
import { errorText, message, request, RUN_TIMEOUT_MS } from './worker-request.js';

/**
 * Wait between a keystroke and its preview (ms): none. The debounce is the previews themselves:
 * while one runs the next waits for it (see `preview`) and only the newest text then runs, so
 * keystrokes of one burst (a key held down, typing faster than previews finish) share a preview
 * and the wait adapts to how long a preview takes. Changes within one task (an edit Monaco reports
 * in parts) still share one: the preview starts in a microtask.
 */
export const PREVIEW_DELAY_MS = 0;

let previewTicket = 0;
let previewTimer: ReturnType<typeof setTimeout> | undefined;
/** Bumped by every schedule and cancel: a queued microtask runs only if still the latest. */
let previewScheduled = 0;
/** The dry run the worker is running now (at most one: the next waits for it). */
let previewInFlight: Promise<void> | undefined;
/** How long the last preview took, page to page (ms): sets the next one's time limit. */
let lastPreviewMs = 0;

/** Dry run of the current command, after `delay` ms (0: once the current task's changes are in). */
export function schedulePreview(delay: number = PREVIEW_DELAY_MS): void {
  cancelScheduledPreview();
  const scheduled = previewScheduled;
  if (delay > 0) previewTimer = setTimeout(() => void preview(), delay);
  else queueMicrotask(() => scheduled === previewScheduled && void preview());
}

/** Drops the preview `schedulePreview` set up and has not started (a Run, a newer schedule). */
function cancelScheduledPreview(): void {
  clearTimeout(previewTimer);
  previewTimer = undefined;
  previewScheduled++;
}

/**
 * A preview's time limit: the bridge's 3 s stops a runaway script quickly while typing, but a
 * large collection gets more: 0.1 ms per document held (its first preview has no history), and
 * three times the last preview; at most 15 s.
 */
function previewTimeout(): number {
  const documents = store.getState().views.reduce((n, v) => n + v.count, 0);
  return Math.min(15_000, Math.max(REQUEST_TIMEOUT_MS, 3 * lastPreviewMs, documents / 10));
}

/** A dry run that sent no command: the text does not parse, or is a call not finished yet. */
export function isUnfinished(run: RunHead): boolean {
  return run.counts.commands === 0 && run.paused === undefined;
}

/** The first error a run reports (a syntax error, or a shell-side refusal such as a missing argument). */
export function firstErrorOf(run: RunHead): ShellErrorReply | undefined {
  return run.marked.find((st) => st.kind === 'error')?.error;
}

/** The run the panes show, which the worker keeps while it asks for a new one. */
function shownRunId(): number | undefined {
  return store.getState().shown?.run.runId;
}

/**
 * Runs the command as a dry run and shows it, unless something newer happened meanwhile. While a
 * preview is running in the worker the next one waits for it and then runs the newest text: an
 * out-of-date preview is never queued behind another, and one that finishes late is dropped.
 */
export async function preview(): Promise<void> {
  const ticket = ++previewTicket;
  while (previewInFlight !== undefined) {
    await previewInFlight;
    if (ticket !== previewTicket) return;
  }
  const done = previewOnce(ticket);
  previewInFlight = done;
  try {
    await done;
  } finally {
    if (previewInFlight === done) previewInFlight = undefined;
  }
}

async function previewOnce(ticket: number): Promise<void> {
  const s = store.getState();
  const script = s.command;
  if (script.trim() === '') {
    // An emptied editor is the start of a new command: the last preview stays (greyed).
    if (s.shown === null) s.showRun(null);
    else s.showProblem(null);
    return;
  }
  try {
    const started = performance.now();
    const keep = shownRunId();
    const response = await request(
      { type: 'runScript', db: s.database, script, dryRun: true, ...(keep === undefined ? {} : { keep }) },
      previewTimeout(),
    );
    lastPreviewMs = performance.now() - started;
    if (ticket !== previewTicket) return;
    if (!response.ok) {
      s.setNotice({ kind: 'error', text: errorText(response.error) });
      return;
    }
    const latest = store.getState();
    // Text still being typed (it does not parse, or sends no command yet) keeps the last preview
    // that ran on screen, greyed, with its problem beside it: the panes never blank mid-keystroke.
    if (latest.shown !== null && isUnfinished(response.result)) {
      latest.showProblem({ kind: 'preview', script, run: response.result });
      return;
    }
    latest.showRun({ kind: 'preview', script, run: response.result });
  } catch (e) {
    if (ticket === previewTicket) store.getState().setNotice({ kind: 'error', text: message(e) });
  }
}

/** Runs the command for real: the collections change, an undo step is recorded. */
export async function run(): Promise<RunHead | null> {
  cancelScheduledPreview();
  const ticket = ++previewTicket;
  const s = store.getState();
  if (s.readOnly) return null;
  const script = s.command;
  s.setStatus('running');
  s.setNotice(null);
  try {
    const keep = shownRunId();
    const response = await request(
      { type: 'runScript', db: s.database, script, dryRun: false, ...(keep === undefined ? {} : { keep }) },
      RUN_TIMEOUT_MS,
    );
    if (!response.ok) {
      store.getState().setNotice({ kind: 'error', text: errorText(response.error) });
      return null;
    }
    const result = response.result;
    const after = store.getState();
    if (result.collections !== undefined) {
      after.setViews(result.collections);
      after.commitCollections(fromViews(result.collections), 'run');
    }
    void ticket;
    after.showRun({ kind: 'committed', script, run: result });
    return result;
  } catch (e) {
    store.getState().setNotice({ kind: 'error', text: message(e) });
    return null;
  } finally {
    store.getState().setStatus('ready');
  }
}

/**
 * The Why trace of one update statement of what the panes show: a preview (a dry run of its script
 * up to that command, traced on the state it saw) or the last committed run (the worker keeps the
 * state that run saw until anything else changes).
 */
export async function explainWhy(target: {
  readonly command: number;
  readonly statement: number;
  readonly documentId?: string;
}): Promise<WhyTrace | string> {
  const s = store.getState();
  if (s.shown === null) return 'Nothing to explain: type a command or pick an example.';
  const committed = s.shown.kind === 'committed' ? { committed: true } : {};
  try {
    const response = await request({ type: 'why', db: s.database, script: s.shown.script, ...target, ...committed });
    return response.ok ? response.result : errorText(response.error);
  } catch (e) {
    return message(e);
  }
}
