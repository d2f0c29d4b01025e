import { describe, expect, it } from 'vitest';
import { body, canon, deployedEngine, ejson, run } from './testing.js';
import type { Engine } from '../engine.js';

/** An engine with auth on, an admin (root) who seeds test.c, then logged out. */
function secured(): Engine {
  const engine = deployedEngine({ auth: true });
  run(engine, 'admin', '{"createUser": "admin", "pwd": "pw", "roles": ["root"]}');
  run(engine, 'admin', '{"authenticate": 1, "user": "admin", "pwd": "pw"}');
  run(engine, 'test', '{"insert": "c", "documents": [{"_id": 1, "qty": 25}]}');
  run(
    engine,
    'test',
    `{"createRole": "updater", "privileges": [{"resource": {"db": "test", "collection": "c"}, "actions": ["find", "update"]}], "roles": []}`,
  );
  run(
    engine,
    'test',
    `{"createRole": "upserter", "privileges": [{"resource": {"db": "test", "collection": "c"}, "actions": ["find", "update", "insert"]}], "roles": []}`,
  );
  run(engine, 'test', '{"createUser": "ann", "pwd": "a", "roles": ["updater"]}');
  run(engine, 'test', '{"createUser": "bob", "pwd": "b", "roles": ["readWrite"]}');
  run(engine, 'test', '{"createUser": "rita", "pwd": "r", "roles": ["read"]}');
  run(engine, 'admin', '{"logout": 1}');
  return engine;
}

const UPSERT =
  '{"update": "c", "updates": [{"q": {"_id": 2}, "u": {"$set": {"qty": 1}}, "upsert": true}], "ordered": true}';
const UPDATE = '{"update": "c", "updates": [{"q": {"_id": 1}, "u": {"$inc": {"qty": 1}}}], "ordered": true}';

describe('authorization', () => {
  it('unauthenticated commands fail with 13', () => {
    const engine = secured();
    expect(ejson(run(engine, 'test', UPDATE))).toBe(
      canon('{"ok": 0.0, "errmsg": "command update requires authentication", "code": 13, "codeName": "Unauthorized"}'),
    );
  });

  it('wrong password → 18', () => {
    const engine = secured();
    expect(ejson(run(engine, 'test', '{"authenticate": 1, "user": "ann", "pwd": "nope"}'))).toBe(
      canon('{"ok": 0.0, "errmsg": "Authentication failed.", "code": 18, "codeName": "AuthenticationFailed"}'),
    );
  });

  it('update + find is enough for an update, not for an upsert (insert missing)', () => {
    const engine = secured();
    expect(ejson(run(engine, 'test', '{"authenticate": 1, "user": "ann", "pwd": "a"}'))).toBe(
      canon('{"dbname": "test", "user": "ann", "ok": 1.0}'),
    );
    expect(ejson(run(engine, 'test', UPDATE))).toBe(canon('{"n": 1, "nModified": 1, "ok": 1.0}'));
    expect(ejson(run(engine, 'test', UPSERT))).toBe(
      canon(
        `{"ok": 0.0, "errmsg": "not authorized on test to execute command { update: \\"c\\", updates: [ { q: { _id: 2 }, u: { $set: { qty: 1 } }, upsert: true } ], ordered: true, $db: \\"test\\" }", "code": 13, "codeName": "Unauthorized"}`,
      ),
    );
    expect(ejson(engine.documents('test', 'c'))).toBe(canon('[{"_id": 1, "qty": 26}]'));
  });

  it('with insert the upsert succeeds (grantRolesToUser)', () => {
    const engine = secured();
    run(engine, 'admin', '{"authenticate": 1, "user": "admin", "pwd": "pw"}');
    expect(ejson(run(engine, 'test', '{"grantRolesToUser": "ann", "roles": ["upserter"]}'))).toBe(canon('{"ok": 1.0}'));
    run(engine, 'test', '{"authenticate": 1, "user": "ann", "pwd": "a"}');
    expect(ejson(run(engine, 'test', UPSERT))).toBe(
      canon('{"n": 1, "upserted": [{"index": 0, "_id": 2}], "nModified": 0, "ok": 1.0}'),
    );
  });

  it('readWrite is enough for update and upsert; read is not', () => {
    const engine = secured();
    run(engine, 'test', '{"authenticate": 1, "user": "bob", "pwd": "b"}');
    expect(ejson(run(engine, 'test', UPSERT))).toBe(
      canon('{"n": 1, "upserted": [{"index": 0, "_id": 2}], "nModified": 0, "ok": 1.0}'),
    );
    run(engine, 'test', '{"authenticate": 1, "user": "rita", "pwd": "r"}');
    expect(run(engine, 'test', UPDATE).get('code')!.valueOf()).toBe(13);
    expect(run(engine, 'test', '{"find": "c"}').get('ok')).toBe(1);
    // Roles are per database: readWrite on test gives nothing on other.
    run(engine, 'test', '{"authenticate": 1, "user": "bob", "pwd": "b"}');
    expect(run(engine, 'other', '{"find": "c"}').get('code')!.valueOf()).toBe(13);
  });

  it('findAndModify with upsert needs insert too', () => {
    const engine = secured();
    run(engine, 'test', '{"authenticate": 1, "user": "ann", "pwd": "a"}');
    expect(
      run(engine, 'test', '{"findAndModify": "c", "query": {"_id": 1}, "update": {"$inc": {"qty": 1}}}').get('ok'),
    ).toBe(1);
    expect(
      run(engine, 'test', '{"findAndModify": "c", "query": {"_id": 3}, "update": {"$inc": {"qty": 1}}, "upsert": true}')
        .get('code')!
        .valueOf(),
    ).toBe(13);
  });

  it('user and role errors', () => {
    const engine = secured();
    run(engine, 'admin', '{"authenticate": 1, "user": "admin", "pwd": "pw"}');
    expect(ejson(run(engine, 'test', '{"createUser": "ann", "pwd": "x", "roles": []}'))).toBe(
      canon('{"ok": 0.0, "errmsg": "User \\"ann@test\\" already exists", "code": 51003, "codeName": "Location51003"}'),
    );
    expect(ejson(run(engine, 'test', '{"createUser": "zed", "pwd": "x", "roles": ["nosuch"]}'))).toBe(
      canon('{"ok": 0.0, "errmsg": "Could not find role: nosuch@test", "code": 31, "codeName": "RoleNotFound"}'),
    );
    expect(ejson(run(engine, 'test', '{"grantRolesToUser": "zed", "roles": ["read"]}'))).toBe(
      canon(
        '{"ok": 0.0, "errmsg": "Could not find user \\"zed\\" for db \\"test\\"", "code": 11, "codeName": "UserNotFound"}',
      ),
    );
    expect(ejson(body(run(engine, 'test', '{"usersInfo": "ann"}')))).toBe(
      canon(
        '{"users": [{"_id": "test.ann", "user": "ann", "db": "test", "roles": [{"role": "updater", "db": "test"}]}], "ok": 1.0}',
      ),
    );
  });

  it('auth can be switched on at run time with configureDeployment', () => {
    const engine = deployedEngine({});
    run(engine, 'test', '{"insert": "c", "documents": [{"_id": 1}]}');
    run(engine, 'admin', '{"configureDeployment": 1, "auth": true}');
    expect(run(engine, 'test', '{"find": "c"}').get('code')!.valueOf()).toBe(13);
    run(engine, 'admin', '{"configureDeployment": 1, "auth": false}');
    expect(run(engine, 'test', '{"find": "c"}').get('ok')).toBe(1);
  });
});
