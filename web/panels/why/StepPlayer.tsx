/** Steps through one document's steps (buttons or arrow keys), the current one animated from before to after. */
import { useState, type ReactNode } from 'react';
import type { PlayerStep } from './player-steps.js';
import { PlayerBar, playerKeys } from './PlayerBar.js';
import { StepDiff } from './StepDiff.js';
import { StepList } from './StepList.js';

export function StepPlayer({ steps }: { steps: readonly PlayerStep[] }): ReactNode {
  const [k, setK] = useState(0);
  if (steps.length === 0) return <StepList steps={steps} />;
  const go = (d: number): void => setK((x) => Math.min(steps.length - 1, Math.max(0, x + d)));
  return (
    <div
      className="why-player"
      tabIndex={0}
      aria-label="Step through the modifiers with the arrow keys"
      onKeyDown={playerKeys(go)}
    >
      <PlayerBar at={k} total={steps.length} go={go} />
      <StepDiff step={steps[k]!} stepKey={String(k)} />
      <StepList steps={steps} current={k} />
    </div>
  );
}
