/**
 * The deployment switch. The list comes from the worker (`deployments` request); this build's
 * engine offers only "standalone", so the control is shown but has one choice.
 */
import type { ReactNode } from 'react';
import { usePlayground } from '../state/store.js';

const LABEL: Readonly<Record<string, string>> = {
  standalone: 'Standalone',
  replicaset: 'Replica set',
  sharded: 'Sharded cluster',
};

export function DeploymentSelect(): ReactNode {
  const current = usePlayground((s) => s.deployments.current);
  const available = usePlayground((s) => s.deployments.available);
  return (
    <label className="deployment">
      <span className="sr-only">Deployment</span>
      <select
        data-testid="deployment-select"
        value={current}
        disabled={available.length < 2}
        title={available.length < 2 ? 'Replica set and sharded deployments are coming' : 'Deployment'}
        onChange={() => undefined}
      >
        {available.map((d) => (
          <option key={d} value={d}>
            {LABEL[d] ?? d}
          </option>
        ))}
      </select>
    </label>
  );
}
