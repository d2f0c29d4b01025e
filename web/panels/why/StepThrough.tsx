/**
 * The step-through of a whole run: statement by statement, each statement's documents in the
 * server's order, within a document its modifiers (or pipeline stages) in application order.
 * Buttons or arrow keys move; the current step's card is highlighted in the diff and its value
 * animates from before to after (step-focus.ts, StepDiff.tsx).
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { usePlayground } from '../../state/store.js';
import { RUN_PAGE, type CardView } from '../../../engine/worker/protocol.js';
import { useRunItems } from '../../engine/run-ranges.js';
import { MAX_CARDS, MAX_ENTRIES, playEntries, runKey, type PlayEntry } from './play-entries.js';
import { traceSteps, type PlayerStep } from './player-steps.js';
import { PlayerBar, playerKeys } from './PlayerBar.js';
import { StepDiff } from './StepDiff.js';
import { loadWhy } from './use-why-trace.js';

interface RunStep {
  readonly entry: PlayEntry;
  readonly step: PlayerStep;
  /** The step's place among its document's steps. */
  readonly at: number;
  readonly of: number;
}

async function loadSteps(entries: readonly PlayEntry[]): Promise<RunStep[]> {
  const out: RunStep[] = [];
  for (const entry of entries) {
    const trace = await loadWhy(entry.target);
    const steps: PlayerStep[] =
      typeof trace === 'string'
        ? [{ title: entry.label, pairs: [], changed: false, reason: trace }]
        : traceSteps(trace);
    steps.forEach((step, at) => out.push({ entry, step, at, of: steps.length }));
  }
  return out;
}

function RunPlayer({ entries }: { entries: readonly PlayEntry[] }): ReactNode {
  const [steps, setSteps] = useState<RunStep[] | null>(null);
  const [k, setK] = useState(0);
  const seq = useRef(0);
  const setStepFocus = usePlayground((s) => s.setStepFocus);
  useEffect(() => {
    let live = true;
    setSteps(null);
    setK(0);
    void loadSteps(entries).then((s) => {
      if (live) setSteps(s);
    });
    return () => {
      live = false;
    };
  }, [entries]);
  const current = steps?.[k];
  useEffect(() => {
    if (current === undefined) return;
    const { target } = current.entry;
    setStepFocus({
      ...target,
      ...(current.step.path === undefined ? {} : { path: current.step.path }),
      seq: ++seq.current,
    });
  }, [current, setStepFocus]);
  useEffect(() => () => setStepFocus(null), [setStepFocus]);
  if (steps === null) return <p className="muted">Explaining every step…</p>;
  if (current === undefined) return <p className="muted">Nothing to step through.</p>;
  const go = (d: number): void => setK((x) => Math.min(steps.length - 1, Math.max(0, x + d)));
  const statements = [...new Set(entries.map((e) => e.scriptStatement))];
  const { entry } = current;
  return (
    <div
      className="why-player run-player"
      tabIndex={0}
      aria-label="Step through the run with the arrow keys"
      onKeyDown={playerKeys(go)}
    >
      <PlayerBar at={k} total={steps.length} go={go} />
      <p className="step-context" data-testid="step-context">
        statement {statements.indexOf(entry.scriptStatement) + 1} of {statements.length}
        {entry.line === undefined ? '' : ` (line ${entry.line})`} · {entry.label} · step {current.at + 1} of{' '}
        {current.of} of this document
      </p>
      <StepDiff step={current.step} stepKey={String(k)} />
    </div>
  );
}

/** "Step through": a player over every update statement of the run the diff shows. */
export function StepThrough(): ReactNode {
  const shown = usePlayground((s) => s.shown);
  const [open, setOpen] = useState(false);
  const runCount = usePlayground((s) => s.runCount);
  // The first cards of the run, by range. Closed, the button only needs to know the run has a
  // stop, which the head's first page tells without a request; the player's `MAX_CARDS` cards are
  // read when it opens (or when the first page has no stop), not after every keystroke's preview.
  const run = shown?.run;
  const firstHasStop = useMemo(() => run !== undefined && playEntries(run.first.cards).length > 0, [run]);
  const wide = open || !firstHasStop;
  const cards = useRunItems(run, 'cards', 0, Math.min(run?.counts.cards ?? 0, wide ? MAX_CARDS : RUN_PAGE.cards));
  const ready = cards.every((c) => c !== undefined && c !== 'gone');
  const computed = useMemo(() => {
    if (shown === null || !ready) return undefined;
    const loaded = cards as CardView[];
    const entries = playEntries(loaded);
    return { key: `${wide}|${shown.kind}|${runCount}|${shown.script}|${runKey(loaded, entries)}`, entries, wide };
    // Once per run and reading when its cards are in (not on every page that arrives).
  }, [shown, runCount, ready, wide]);
  // The same stops on the same documents (a repeated preview): keep the player and its position.
  // While a new run's first cards are on their way, the player stays as it is.
  const stable = useRef<{ key: string; entries: PlayEntry[]; wide: boolean }>({ key: '', entries: [], wide: false });
  if (shown === null) stable.current = { key: '', entries: [], wide: false };
  else if (computed !== undefined && stable.current.key !== computed.key) stable.current = computed;
  const entries = stable.current.entries;
  // The player starts once its stops are read from all of its cards.
  const playing = open && stable.current.wide;
  if (entries.length === 0) return null;
  return (
    <div className="step-through" data-testid="step-through">
      <button
        type="button"
        className="why-button"
        data-testid="step-through-toggle"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Stop stepping' : '▶ Step through, in the server’s order'}
      </button>
      {playing && entries.length === MAX_ENTRIES ? (
        <span className="muted"> (the first {MAX_ENTRIES} documents)</span>
      ) : null}
      {playing ? <RunPlayer entries={entries} /> : null}
    </div>
  );
}
