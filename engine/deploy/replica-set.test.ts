import { describe, expect, it } from 'vitest';
import { body, canon, deployedEngine, ejson, run } from './testing.js';

const CLUSTER_TIME = (i: number) =>
  `"$clusterTime": {"clusterTime": {"$timestamp": {"t": 1704067200, "i": ${i}}}, "signature": {"hash": {"$binary": {"base64": "AAAAAAAAAAAAAAAAAAAAAAAAAAA=", "subType": "00"}}, "keyId": {"$numberLong": "0"}}}, "operationTime": {"$timestamp": {"t": 1704067200, "i": ${i}}}`;

function seeded(members: string) {
  const engine = deployedEngine({ topology: 'replicaset' });
  run(engine, 'admin', `{"configureDeployment": 1, "members": ${members}}`);
  run(engine, 'test', '{"insert": "c", "documents": [{"_id": 1, "qty": 25}]}');
  return engine;
}

const UPDATE = (wc: string) => `{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$inc": {"qty": 1}}}]${wc}}`;

describe('replica set replies', () => {
  it('update on a replica set: n, electionId, opTime, nModified, ok, $clusterTime, operationTime', () => {
    const engine = deployedEngine({ topology: 'replicaset' });
    run(engine, 'test', '{"insert": "c", "documents": [{"_id": 1}]}');
    const reply = run(engine, 'test', '{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$set": {"a": 1}}}]}');
    expect(ejson(reply)).toBe(
      canon(
        `{"n": 1, "electionId": {"$oid": "7fffffff0000000000000001"}, "opTime": {"ts": {"$timestamp": {"t": 1704067200, "i": 3}}, "t": {"$numberLong": "1"}}, "nModified": 1, "ok": 1.0, ${CLUSTER_TIME(3)}}`,
      ),
    );
  });

  it('reads carry $clusterTime and operationTime only', () => {
    const engine = deployedEngine({ topology: 'replicaset' });
    expect(ejson(run(engine, 'test', '{"find": "c"}'))).toBe(
      canon(
        `{"cursor": {"firstBatch": [], "id": {"$numberLong": "0"}, "ns": "test.c"}, "ok": 1.0, ${CLUSTER_TIME(0).replaceAll('1704067200', '0')}}`,
      ),
    );
  });

  it('a standalone engine adds nothing', () => {
    const engine = deployedEngine({});
    run(engine, 'test', '{"insert": "c", "documents": [{"_id": 1}]}');
    expect(ejson(run(engine, 'test', UPDATE('')))).toBe(canon('{"n": 1, "nModified": 1, "ok": 1.0}'));
  });

  it('getDeployment describes the members', () => {
    const engine = deployedEngine({
      topology: 'replicaset',
      members: [{}, { lagMs: 200, tags: { dc: 'east' } }, { state: 'down' }],
    });
    expect(ejson(body(run(engine, 'admin', '{"getDeployment": 1}')))).toBe(
      canon(
        `{"topology": "replicaset", "replicaSet": {"name": "rs0", "members": [
          {"_id": 0, "state": "up", "stateStr": "PRIMARY", "lagMs": 0, "tags": {}},
          {"_id": 1, "state": "up", "stateStr": "SECONDARY", "lagMs": 200, "tags": {"dc": "east"}},
          {"_id": 2, "state": "down", "stateStr": "(not reachable/healthy)", "lagMs": 0, "tags": {}}]},
         "auth": false, "legacyRouterWriteConcernErrors": false,
         "defaultWriteConcern": {"w": "majority", "wtimeout": 0, "provenance": "implicitDefault"}, "ok": 1.0}`,
      ),
    );
  });
});

describe('write concern', () => {
  it('all members up, w: 3 → no error', () => {
    const engine = seeded('[{}, {}, {}]');
    expect(ejson(body(run(engine, 'test', UPDATE(', "writeConcern": {"w": 3, "wtimeout": 100}'))))).toBe(
      canon('{"n": 1, "nModified": 1, "ok": 1.0}'),
    );
  });

  it('two members down, w: 2 → 64 with clientSupplied provenance; the write stands', () => {
    const engine = seeded('[{"state": "up"}, {"state": "down"}, {"state": "down"}]');
    expect(ejson(body(run(engine, 'test', UPDATE(', "writeConcern": {"w": 2, "wtimeout": 100}'))))).toBe(
      canon(
        '{"n": 1, "nModified": 1, "writeConcernError": {"code": 64, "codeName": "WriteConcernTimeout", "errmsg": "waiting for replication timed out", "errInfo": {"wtimeout": true, "writeConcern": {"w": 2, "wtimeout": 100, "provenance": "clientSupplied"}}}, "ok": 1.0}',
      ),
    );
    expect(ejson(engine.documents('test', 'c'))).toBe(canon('[{"_id": 1, "qty": 26}]'));
  });

  it('a lagging member: lag above wtimeout → 64, below → acknowledged', () => {
    const engine = seeded('[{}, {"lagMs": 500}, {"lagMs": 500}]');
    const slow = run(engine, 'test', UPDATE(', "writeConcern": {"w": "majority", "wtimeout": 100}'));
    expect(ejson(body(slow).get('writeConcernError')!)).toBe(
      canon(
        '{"code": 64, "codeName": "WriteConcernTimeout", "errmsg": "waiting for replication timed out", "errInfo": {"wtimeout": true, "writeConcern": {"w": "majority", "wtimeout": 100, "provenance": "clientSupplied"}}}',
      ),
    );
    const patient = run(engine, 'test', UPDATE(', "writeConcern": {"w": "majority", "wtimeout": 1000}'));
    expect(body(patient).has('writeConcernError')).toBe(false);
    // w: 1 is the primary alone.
    expect(
      body(run(engine, 'test', UPDATE(', "writeConcern": {"w": 1, "wtimeout": 1}'))).has('writeConcernError'),
    ).toBe(false);
  });

  it('implicit default {w: "majority", wtimeout: 0} with a majority down → 64 implicitDefault', () => {
    const engine = seeded('[{}, {"state": "down"}, {"state": "down"}]');
    expect(ejson(body(run(engine, 'test', UPDATE(''))).get('writeConcernError')!)).toBe(
      canon(
        '{"code": 64, "codeName": "WriteConcernTimeout", "errmsg": "waiting for replication timed out", "errInfo": {"wtimeout": true, "writeConcern": {"w": "majority", "wtimeout": 0, "provenance": "implicitDefault"}}}',
      ),
    );
  });

  it('customDefault from setDefaultRWConcern, shown by getDefaultRWConcern', () => {
    const engine = seeded('[{}, {"lagMs": 300}, {"lagMs": 300}]');
    const set = run(engine, 'admin', '{"setDefaultRWConcern": 1, "defaultWriteConcern": {"w": 3, "wtimeout": 50}}');
    expect(ejson(body(set))).toBe(
      canon(
        '{"defaultWriteConcern": {"w": 3, "wtimeout": 50}, "updateWallClockTime": {"$date": "2024-01-01T00:00:00Z"}, "defaultWriteConcernSource": "global", "defaultReadConcernSource": "implicit", "defaultReadConcern": {"level": "local"}, "ok": 1.0}',
      ),
    );
    expect(ejson(body(run(engine, 'test', UPDATE(''))).get('writeConcernError')!)).toBe(
      canon(
        '{"code": 64, "codeName": "WriteConcernTimeout", "errmsg": "waiting for replication timed out", "errInfo": {"wtimeout": true, "writeConcern": {"w": 3, "wtimeout": 50, "provenance": "customDefault"}}}',
      ),
    );
    // An empty writeConcern document means "use the default".
    expect(ejson(body(run(engine, 'test', UPDATE(', "writeConcern": {}'))).get('writeConcernError')!)).toContain(
      'customDefault',
    );
  });

  it('getLastErrorDefaults from the replica set settings', () => {
    const engine = seeded('[{}, {"state": "down"}, {"state": "down"}]');
    run(engine, 'admin', '{"configureDeployment": 1, "settings": {"getLastErrorDefaults": {"w": 2, "wtimeout": 20}}}');
    expect(ejson(body(run(engine, 'test', UPDATE(''))).get('writeConcernError')!)).toBe(
      canon(
        '{"code": 64, "codeName": "WriteConcernTimeout", "errmsg": "waiting for replication timed out", "errInfo": {"wtimeout": true, "writeConcern": {"w": 2, "wtimeout": 20, "provenance": "getLastErrorDefaults"}}}',
      ),
    );
  });

  it('w greater than the members → 100 UnsatisfiableWriteConcern', () => {
    const engine = seeded('[{}, {}, {}]');
    expect(ejson(body(run(engine, 'test', UPDATE(', "writeConcern": {"w": 4}'))))).toBe(
      canon(
        '{"n": 1, "nModified": 1, "writeConcernError": {"code": 100, "codeName": "UnsatisfiableWriteConcern", "errmsg": "Not enough data-bearing nodes", "errInfo": {"writeConcern": {"w": 4, "wtimeout": 0, "provenance": "clientSupplied"}}}, "ok": 1.0}',
      ),
    );
  });

  it('tag sets through settings.getLastErrorModes', () => {
    const engine = seeded(
      '[{"tags": {"dc": "east"}}, {"tags": {"dc": "east"}}, {"tags": {"dc": "west"}, "lagMs": 400}]',
    );
    run(engine, 'admin', '{"configureDeployment": 1, "settings": {"getLastErrorModes": {"twoDCs": {"dc": 2}}}}');
    expect(
      body(run(engine, 'test', UPDATE(', "writeConcern": {"w": "twoDCs", "wtimeout": 500}'))).has('writeConcernError'),
    ).toBe(false);
    expect(
      ejson(
        body(run(engine, 'test', UPDATE(', "writeConcern": {"w": "twoDCs", "wtimeout": 100}'))).get(
          'writeConcernError',
        )!,
      ),
    ).toContain('"code":{"$numberInt":"64"}');
    expect(
      ejson(body(run(engine, 'test', UPDATE(', "writeConcern": {"w": "threeDCs"}'))).get('writeConcernError')!),
    ).toBe(
      canon(
        `{"code": 79, "codeName": "UnknownReplWriteConcern", "errmsg": "No write concern mode named 'threeDCs' found in replica set configuration", "errInfo": {"writeConcern": {"w": "threeDCs", "wtimeout": 0, "provenance": "clientSupplied"}}}`,
      ),
    );
  });

  it('a malformed writeConcern fails before writing; Long values are read', () => {
    const engine = seeded('[{}, {}, {}]');
    expect(ejson(body(run(engine, 'test', UPDATE(', "writeConcern": {"w": 1, "x": 1}'))))).toBe(
      canon('{"ok": 0.0, "errmsg": "unrecognized write concern field: x", "code": 9, "codeName": "FailedToParse"}'),
    );
    expect(ejson(engine.documents('test', 'c'))).toBe(canon('[{"_id": 1, "qty": 25}]'));
    expect(
      body(
        run(engine, 'test', UPDATE(', "writeConcern": {"w": {"$numberLong": "2"}, "wtimeout": {"$numberLong": "5"}}')),
      ).has('writeConcernError'),
    ).toBe(false);
  });

  it('j is echoed in errInfo.writeConcern', () => {
    const engine = seeded('[{}, {"state": "down"}, {"state": "down"}]');
    expect(
      ejson(
        body(run(engine, 'test', UPDATE(', "writeConcern": {"w": 2, "j": true, "wtimeout": 10}'))).get(
          'writeConcernError',
        )!,
      ),
    ).toContain(
      '"writeConcern":{"w":{"$numberInt":"2"},"j":true,"wtimeout":{"$numberInt":"10"},"provenance":"clientSupplied"}',
    );
  });

  it('findAndModify, insert and delete report write concern errors too', () => {
    const engine = seeded('[{}, {"state": "down"}, {"state": "down"}]');
    const wc = ', "writeConcern": {"w": 3, "wtimeout": 10}';
    for (const cmd of [
      `{"findAndModify": "c", "query": {"_id": 1}, "update": {"$inc": {"qty": 1}}${wc}}`,
      `{"insert": "c", "documents": [{"_id": 2}]${wc}}`,
      `{"delete": "c", "deletes": [{"q": {"_id": 2}, "limit": 1}]${wc}}`,
    ]) {
      expect(body(run(engine, 'test', cmd)).has('writeConcernError'), cmd).toBe(true);
    }
  });
});

describe('primary down', () => {
  it('no member up → code 7 HostNotFound', () => {
    const engine = seeded('[{}, {}, {}]');
    run(
      engine,
      'admin',
      '{"configureDeployment": 1, "members": [{"state": "down"}, {"state": "down"}, {"state": "down"}]}',
    );
    expect(ejson(body(run(engine, 'test', UPDATE(''))))).toBe(
      canon(
        '{"ok": 0.0, "errmsg": "Could not find host matching read preference { mode: \\"primary\\" } for set rs0", "code": 7, "codeName": "HostNotFound"}',
      ),
    );
    expect(ejson(engine.documents('test', 'c'))).toBe(canon('[{"_id": 1, "qty": 25}]'));
    // Reads still answer (as a secondary would).
    expect(run(engine, 'test', '{"find": "c"}').get('ok')).toBe(1);
  });

  it('member 0 down: the next member that is up is the primary', () => {
    const engine = seeded('[{"state": "down"}, {}, {}]');
    expect(ejson(body(run(engine, 'test', UPDATE(', "writeConcern": {"w": 2, "wtimeout": 10}'))))).toBe(
      canon('{"n": 1, "nModified": 1, "ok": 1.0}'),
    );
  });
});

describe('hello', () => {
  it('a replica set member and a router describe themselves', () => {
    const rs = deployedEngine({ topology: 'replicaset' });
    const hello = run(rs, 'admin', '{"hello": 1}');
    expect([...hello.keys()].slice(0, 8)).toEqual([
      'hosts',
      'setName',
      'setVersion',
      'isWritablePrimary',
      'secondary',
      'primary',
      'me',
      'electionId',
    ]);
    expect(ejson(hello.get('hosts')!)).toBe(canon('["localhost:27017", "localhost:27018", "localhost:27019"]'));
    expect(hello.get('setName')).toBe('rs0');
    const router = body(run(deployedEngine({ topology: 'sharded' }), 'admin', '{"hello": 1}'));
    expect([...router.keys()].slice(0, 2)).toEqual(['isWritablePrimary', 'msg']);
    expect(router.get('msg')).toBe('isdbgrid');
  });
});
