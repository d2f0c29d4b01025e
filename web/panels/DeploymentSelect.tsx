/**
 * The deployment switch. The list comes from the worker (`deployments` request, engine/deploy's
 * `getDeployment`); choosing one configures a fresh deployment of that shape and reloads the data.
 */
import type { ReactNode } from 'react';
import { setAuthorization, setMemberStates, switchDeployment } from '../engine/deployment-actions.js';
import { authorizationOf } from '../engine/convert.js';
import { usePlayground } from '../state/store.js';

const LABEL: Readonly<Record<string, string>> = {
  standalone: 'Standalone',
  replicaset: 'Replica set',
  sharded: 'Sharded cluster',
};

function memberStates(setup: unknown): boolean[] {
  const members =
    typeof setup === 'object' && setup !== null && !Array.isArray(setup)
      ? (setup as Record<string, unknown>)['members']
      : undefined;
  if (!Array.isArray(members)) return [true, true, true];
  return members.map(
    (m) => !(typeof m === 'object' && m !== null && (m as Record<string, unknown>)['state'] === 'down'),
  );
}

/** Member up/down switches for a replica set (each shard's set on a cluster). */
function Members(): ReactNode {
  const deployment = usePlayground((s) => s.deployment);
  const readOnly = usePlayground((s) => s.readOnly);
  if (deployment.topology === 'standalone') return null;
  const states = memberStates(deployment.setup);
  return (
    <details className="members">
      <summary data-testid="members-button">
        Members {states.filter(Boolean).length}/{states.length} up
      </summary>
      <div className="members-pop" role="group" aria-label="Replica set members">
        {states.map((up, i) => (
          <label key={i} className="check">
            <input
              type="checkbox"
              checked={up}
              disabled={readOnly}
              data-testid={`member-${i}`}
              onChange={(e) => void setMemberStates(states.map((x, j) => (j === i ? e.target.checked : x)))}
            />
            member {i} {i === states.findIndex(Boolean) ? '(primary)' : ''}
          </label>
        ))}
      </div>
    </details>
  );
}

/** Authorization on/off: with it on, scripts run unauthenticated until they call db.auth(). */
function Authorization(): ReactNode {
  const deployment = usePlayground((s) => s.deployment);
  const readOnly = usePlayground((s) => s.readOnly);
  const on = authorizationOf(deployment);
  return (
    <span className="auth-group">
      <label className="check auth-toggle">
        <input
          type="checkbox"
          role="switch"
          checked={on}
          disabled={readOnly}
          data-testid="auth-toggle"
          aria-describedby="auth-help"
          onChange={(e) => void setAuthorization(e.target.checked)}
        />
        Authorization
      </label>
      <span id="auth-help" className={on ? 'auth-help' : 'sr-only'}>
        {on
          ? 'On: scripts run unauthenticated (code 13); db.createUser() then db.auth() to sign in.'
          : 'Off: every command is allowed. Turn on to check roles and privileges.'}
      </span>
    </span>
  );
}

export function DeploymentSelect(): ReactNode {
  const current = usePlayground((s) => s.deployments.current);
  const available = usePlayground((s) => s.deployments.available);
  const readOnly = usePlayground((s) => s.readOnly);
  return (
    <div className="deployment-group">
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
      <Members />
      <Authorization />
    </div>
  );
}
