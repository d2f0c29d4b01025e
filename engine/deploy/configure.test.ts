import { describe, expect, it } from 'vitest';
import { body, canon, deployedEngine, ejson, lsid, run, txnFields } from './testing.js';

describe('configureDeployment', () => {
  it('switches topology at run time and keeps the data', () => {
    const engine = deployedEngine({});
    run(engine, 'test', '{"insert": "c", "documents": [{"_id": 1}]}');
    const d = body(run(engine, 'admin', '{"configureDeployment": 1, "topology": "sharded", "shards": 3}'));
    expect((d.get('shards') as unknown[]).length).toBe(3);
    expect(ejson(engine.documents('test', 'c'))).toBe(canon('[{"_id": 1}]'));
    expect(run(engine, 'test', '{"find": "c"}').has('$clusterTime')).toBe(true);
    run(engine, 'admin', '{"configureDeployment": 1, "topology": "standalone"}');
    expect(run(engine, 'test', '{"find": "c"}').has('$clusterTime')).toBe(false);
  });

  it('refuses bad member states, lags, counts and topologies', () => {
    const engine = deployedEngine({ topology: 'replicaset' });
    const err = (cmd: string) => ejson(body(run(engine, 'admin', cmd)));
    expect(err('{"configureDeployment": 1, "members": [{"state": "sleeping"}]}')).toBe(
      canon(
        `{"ok": 0.0, "errmsg": "member state must be 'up' or 'down', not 'sleeping'", "code": 2, "codeName": "BadValue"}`,
      ),
    );
    expect(err('{"configureDeployment": 1, "members": [{"lagMs": -1}]}')).toBe(
      canon('{"ok": 0.0, "errmsg": "member lagMs must be a non-negative number", "code": 2, "codeName": "BadValue"}'),
    );
    expect(err('{"configureDeployment": 1, "members": 0}')).toBe(
      canon('{"ok": 0.0, "errmsg": "a replica set has 1 to 50 members", "code": 2, "codeName": "BadValue"}'),
    );
    expect(err('{"configureDeployment": 1, "topology": "mesh"}')).toBe(
      canon(
        `{"ok": 0.0, "errmsg": "topology must be 'standalone', 'replicaset' or 'sharded', not 'mesh'", "code": 2, "codeName": "BadValue"}`,
      ),
    );
    expect(err('{"configureDeployment": 1, "shardMembers": {"shard9": []}}')).toBe(
      canon('{"ok": 0.0, "errmsg": "Shard shard9 not found", "code": 70, "codeName": "ShardNotFound"}'),
    );
  });

  it('replSetGetStatus reflects member states', () => {
    const engine = deployedEngine({ topology: 'replicaset', members: [{ state: 'down' }, {}, {}] });
    expect(ejson(body(run(engine, 'admin', '{"replSetGetStatus": 1}')))).toBe(
      canon(`{"set": "rs0", "members": [
        {"_id": 0, "name": "localhost:27017", "health": 0.0, "state": 8, "stateStr": "(not reachable/healthy)"},
        {"_id": 1, "name": "localhost:27018", "health": 1.0, "state": 1, "stateStr": "PRIMARY"},
        {"_id": 2, "name": "localhost:27019", "health": 1.0, "state": 2, "stateStr": "SECONDARY"}], "ok": 1.0}`),
    );
    expect(ejson(run(deployedEngine({}), 'admin', '{"replSetGetStatus": 1}'))).toBe(
      canon('{"ok": 0.0, "errmsg": "not running with --replSet", "code": 76, "codeName": "NoReplicationEnabled"}'),
    );
  });

  it('default read/write concern commands are refused on a standalone (51300)', () => {
    const engine = deployedEngine({});
    expect(ejson(run(engine, 'admin', '{"getDefaultRWConcern": 1}'))).toBe(
      canon(
        `{"ok": 0.0, "errmsg": "'getDefaultRWConcern' is not supported on standalone nodes.", "code": 51300, "codeName": "Location51300"}`,
      ),
    );
    const rs = deployedEngine({ topology: 'replicaset' });
    expect(ejson(body(run(rs, 'admin', '{"getDefaultRWConcern": 1}')))).toBe(
      canon(
        '{"defaultWriteConcernSource": "implicit", "defaultReadConcernSource": "implicit", "defaultReadConcern": {"level": "local"}, "ok": 1.0}',
      ),
    );
  });

  it("endSessions aborts the sessions' open transactions", () => {
    const engine = deployedEngine({ topology: 'replicaset' });
    run(engine, 'test', '{"insert": "c", "documents": [{"_id": 1}]}');
    run(
      engine,
      'test',
      `{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$set": {"a": 1}}}], ${txnFields(1, 1, true)}}`,
    );
    run(engine, 'admin', `{"endSessions": [${lsid(1)}]}`);
    expect(
      body(run(engine, 'admin', `{"commitTransaction": 1, ${txnFields(1, 1)}}`))
        .get('code')!
        .valueOf(),
    ).toBe(251);
    expect(ejson(engine.documents('test', 'c'))).toBe(canon('[{"_id": 1}]'));
  });
});
