import { describe, expect, it } from 'vitest';
import { authCommandText, authorizationOf, deploymentCommandTexts, memberCommandTexts } from './convert.js';

describe('deployment commands', () => {
  it('the Authorization switch: setup.auth and its configureDeployment command', () => {
    expect(authorizationOf({ topology: 'standalone', setup: null })).toBe(false);
    expect(authorizationOf({ topology: 'replicaset', setup: { auth: true } })).toBe(true);
    expect(authorizationOf({ topology: 'replicaset', setup: { auth: 'yes' } })).toBe(false);
    expect(authCommandText(true)).toBe('{"configureDeployment":1,"auth":true}');
    expect(authCommandText(false)).toBe('{"configureDeployment":1,"auth":false}');
  });

  it('setup.auth does not change the topology or member commands', () => {
    const d = { topology: 'replicaset', setup: { auth: true, members: [{ state: 'down' }, { state: 'up' }] } } as const;
    expect(deploymentCommandTexts(d)).toEqual(['{"configureDeployment":1,"topology":"replicaset"}']);
    expect(memberCommandTexts(d, true)).toEqual(['{"configureDeployment":1,"members":2}']);
  });
});
