/**
 * The deployment switch. The list comes from the worker (`deployments` request, engine/deploy's
 * `getDeployment`); choosing one configures a fresh deployment of that shape and reloads the data.
 */
import type { ReactNode } from 'react';
import { switchDeployment } from '../engine/controller.js';
import { usePlayground } from '../state/store.js';

const LABEL: Readonly<Record<string, string>> = {
  standalone: 'Standalone',
  replicaset: 'Replica set',
  sharded: 'Sharded cluster',
};

export function DeploymentSelect(): ReactNode {
  const current = usePlayground((s) => s.deployments.current);
  const available = usePlayground((s) => s.deployments.available);
  const readOnly = usePlayground((s) => s.readOnly);
  return (
    <label className="deployment">
      <span className="sr-only">Deployment</span>
      <select
        data-testid="deployment-select"
        value={current}
        disabled={available.length < 2 || readOnly}
        title="Simulated deployment (replica set: 3 members; sharded: 2 shards)"
        onChange={(e) => void switchDeployment(e.target.value as 'standalone' | 'replicaset' | 'sharded')}
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
