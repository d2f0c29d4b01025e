/**
 * `runOnRequirements` against the deployment the engine advertises (server 8.0.0, replica set).
 * An array is an OR of requirements; each requirement is an AND of its keys. Keys the engine
 * cannot satisfy (auth, csfle, serverParameters, authMechanism, serverless: require) are unmet.
 */
import type { Doc, Value } from '../engine/bson/values.js';
import { isArray, isDoc } from '../engine/bson/values.js';

export interface Deployment {
  serverVersion: string;
  topology: 'single' | 'replicaset' | 'sharded' | 'load-balanced';
}

export const ADVERTISED: Deployment = { serverVersion: '8.0.0', topology: 'replicaset' };

/** Compares dotted versions numerically, missing parts as 0 ("4.2.99" < "4.3"). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((x) => Number.parseInt(x, 10) || 0);
  const pb = b.split('.').map((x) => Number.parseInt(x, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

/** Why a requirement is unmet, or null when it is met. */
export function unmetReason(req: Doc, dep: Deployment = ADVERTISED): string | null {
  for (const [key, value] of req) {
    switch (key) {
      case 'minServerVersion':
        if (typeof value === 'string' && compareVersions(dep.serverVersion, value) < 0)
          return `minServerVersion ${value}`;
        break;
      case 'maxServerVersion':
        if (typeof value === 'string' && compareVersions(dep.serverVersion, value) > 0)
          return `maxServerVersion ${value}`;
        break;
      case 'topologies': {
        const list = isArray(value) ? value : [];
        const ok = list.some((t) => t === dep.topology || (t === 'sharded-replicaset' && dep.topology === 'sharded'));
        if (!ok) return `topologies ${list.join(',')}`;
        break;
      }
      case 'serverless':
        if (value === 'require') return 'serverless required';
        break;
      case 'auth':
        if (value === true) return 'auth required';
        break;
      case 'authMechanism':
        return 'authMechanism';
      case 'csfle':
        if (value === true || isDoc(value)) return 'csfle';
        break;
      case 'serverParameters':
        return 'serverParameters';
      default:
        return `unknown requirement ${key}`;
    }
  }
  return null;
}

/** null when any requirement is met (or there are none); otherwise the reasons. */
export function requirementsUnmet(reqs: Value | undefined, dep: Deployment = ADVERTISED): string | null {
  if (reqs === undefined || !isArray(reqs) || reqs.length === 0) return null;
  const reasons: string[] = [];
  for (const r of reqs) {
    if (!isDoc(r)) continue;
    const why = unmetReason(r, dep);
    if (why === null) return null;
    reasons.push(why);
  }
  return reasons.join(' | ');
}
