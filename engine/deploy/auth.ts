/**
 * Authorization (when enabled): users, roles (built-in and custom), one authenticated user per
 * engine ("the connection"), and the privilege check every command passes first.
 *
 *   {createUser: 'ann', pwd: 'pw', roles: ['readWrite', {role: 'auditor', db: 'test'}]}
 *   {createRole: 'updater', privileges: [{resource: {db: 'test', collection: 'c'}, actions: ['find', 'update']}], roles: []}
 *   {grantRolesToUser: 'ann', roles: [...]}   {usersInfo: 'ann'}   {dropUser: 'ann'}
 *   {authenticate: 1, user: 'ann', pwd: 'pw'}  {logout: 1}  {connectionStatus: 1}
 *
 * The update command needs `update` and `find` on the collection, plus `insert` when a statement
 * upserts; a missing privilege is 13 Unauthorized `not authorized on <db> to execute command
 * { update: "c", ..., $db: "test" }` (the server renders the whole command). Simplification:
 * `authenticate` takes the password in clear (a real client runs SCRAM through saslStart /
 * saslContinue). With no user defined yet, the localhost exception lets anyone create the first
 * user.
 */
import { renderDoc } from '../bson/render.js';
import { isDoc, type Doc, type Value } from '../bson/values.js';
import type { CommandContext } from '../commands/context.js';
import { fail } from '../errors.js';

export type Action = string;

interface Privilege {
  /** undefined = any database. */
  readonly db: string | undefined;
  /** undefined = any collection of the database. */
  readonly collection: string | undefined;
  readonly actions: ReadonlySet<Action>;
}

interface RoleRef {
  readonly role: string;
  readonly db: string;
}

interface RoleDef {
  readonly privileges: Privilege[];
  readonly roles: RoleRef[];
}

interface User {
  readonly user: string;
  readonly db: string;
  readonly pwd: string;
  roles: RoleRef[];
}

const READ = ['find', 'listCollections', 'listIndexes', 'collStats', 'dbStats', 'killCursors', 'changeStream'];
const WRITE = [
  'insert',
  'update',
  'remove',
  'createCollection',
  'createIndex',
  'dropCollection',
  'dropIndex',
  'convertToCapped',
  'renameCollectionSameDB',
];
const DB_ADMIN = [
  'collMod',
  'createCollection',
  'createIndex',
  'dropCollection',
  'dropDatabase',
  'dropIndex',
  'listCollections',
  'listIndexes',
  'collStats',
  'dbStats',
  'enableProfiler',
  'validate',
];
const USER_ADMIN = [
  'createUser',
  'createRole',
  'dropUser',
  'dropRole',
  'grantRole',
  'revokeRole',
  'viewUser',
  'viewRole',
  'changePassword',
];

/** Built-in roles: actions on the role's database (`anyDatabase`: on every database). */
const BUILT_IN: Readonly<Record<string, { actions: readonly string[]; anyDatabase?: boolean; adminOnly?: boolean }>> = {
  read: { actions: READ },
  readWrite: { actions: [...READ, ...WRITE] },
  dbAdmin: { actions: DB_ADMIN },
  userAdmin: { actions: USER_ADMIN },
  dbOwner: { actions: [...READ, ...WRITE, ...DB_ADMIN, ...USER_ADMIN] },
  readAnyDatabase: { actions: [...READ, 'listDatabases'], anyDatabase: true, adminOnly: true },
  readWriteAnyDatabase: { actions: [...READ, ...WRITE, 'listDatabases'], anyDatabase: true, adminOnly: true },
  userAdminAnyDatabase: { actions: USER_ADMIN, anyDatabase: true, adminOnly: true },
  root: { actions: ['*'], anyDatabase: true, adminOnly: true },
};

/** Commands anyone may run, authenticated or not. */
const OPEN_COMMANDS: ReadonlySet<string> = new Set([
  'hello',
  'isMaster',
  'ismaster',
  'ping',
  'buildInfo',
  'buildinfo',
  'authenticate',
  'auth',
  'logout',
  'connectionStatus',
  'configureDeployment',
  'getDeployment',
  'endSessions',
  'commitTransaction',
  'abortTransaction',
  'listDatabases',
  'getDefaultRWConcern',
]);

function roleRefs(v: Value | undefined, db: string, path: string): RoleRef[] {
  if (!Array.isArray(v)) throw fail(14, `BSON field '${path}' is the wrong type, expected type 'array'`);
  return v.map((r) => {
    if (typeof r === 'string') return { role: r, db };
    if (isDoc(r) && typeof r.get('role') === 'string') {
      const rdb = r.get('db');
      return { role: r.get('role') as string, db: typeof rdb === 'string' ? rdb : db };
    }
    throw fail(14, 'Role names must be either strings or objects');
  });
}

function isUpsertStatement(s: Value): boolean {
  return isDoc(s) && s.get('upsert') === true;
}

export class AuthState {
  private readonly users = new Map<string, User>();
  private readonly roles = new Map<string, RoleDef>();
  /** The authenticated user of the (single) connection. */
  current: User | undefined;

  constructor(public enabled: boolean) {}

  private roleExists(ref: RoleRef): boolean {
    const b = BUILT_IN[ref.role];
    if (b) return !b.adminOnly || ref.db === 'admin';
    return this.roles.has(`${ref.db}.${ref.role}`);
  }

  private checkRoles(refs: readonly RoleRef[]): void {
    for (const r of refs) if (!this.roleExists(r)) throw fail(31, `Could not find role: ${r.role}@${r.db}`);
  }

  /** Whether the current user may do `action` on db.collection. */
  allowed(action: Action, db: string, collection: string | undefined): boolean {
    if (!this.current) return false;
    const seen = new Set<string>();
    const visit = (ref: RoleRef): boolean => {
      const key = `${ref.db}.${ref.role}`;
      if (seen.has(key)) return false;
      seen.add(key);
      const b = BUILT_IN[ref.role];
      if (b && (!b.adminOnly || ref.db === 'admin')) {
        if (!b.anyDatabase && ref.db !== db) return false;
        return b.actions.includes('*') || b.actions.includes(action);
      }
      const def = this.roles.get(key);
      if (!def) return false;
      for (const p of def.privileges) {
        const dbOk = p.db === undefined || p.db === '' || p.db === db;
        const collOk = p.collection === undefined || p.collection === '' || p.collection === collection;
        if (dbOk && collOk && p.actions.has(action)) return true;
      }
      return def.roles.some(visit);
    };
    return this.current.roles.some(visit);
  }

  /** The privilege check run before every command (a no-op while authorization is off). */
  check(ctx: CommandContext): void {
    if (!this.enabled || OPEN_COMMANDS.has(ctx.name)) return;
    if (this.users.size === 0 && (ctx.name === 'createUser' || ctx.name === 'createRole')) return; // localhost exception
    if (!this.current) throw fail(13, `command ${ctx.name} requires authentication`);
    const needs = requiredPrivileges(ctx);
    for (const { action, db, collection } of needs) {
      if (!this.allowed(action, db, collection)) {
        const shown: Doc = new Map(ctx.command);
        shown.set('$db', ctx.db);
        throw fail(13, `not authorized on ${ctx.db} to execute command ${renderDoc(shown)}`);
      }
    }
  }

  /** createUser, createRole, grantRolesToUser, revokeRolesFromUser, dropUser, usersInfo, authenticate, logout, connectionStatus. */
  command(ctx: CommandContext): Doc {
    const c = ctx.command;
    const db = ctx.db;
    switch (ctx.name) {
      case 'createUser': {
        const name = c.get('createUser');
        const pwd = c.get('pwd');
        if (typeof name !== 'string' || name === '') throw fail(2, 'Must provide a non-empty user name');
        if (typeof pwd !== 'string')
          throw fail(
            2,
            "Must provide a 'pwd' field for all user documents, except those with '$external' as the user's source db",
          );
        const roles = roleRefs(c.get('roles'), db, 'createUser.roles');
        this.checkRoles(roles);
        const key = `${db}.${name}`;
        if (this.users.has(key)) throw fail(51003, `User "${name}@${db}" already exists`);
        this.users.set(key, { user: name, db, pwd, roles });
        return new Map();
      }
      case 'dropUser': {
        const name = c.get('dropUser');
        if (typeof name !== 'string' || !this.users.delete(`${db}.${name}`)) {
          throw fail(11, `Could not find user "${String(name)}" for db "${db}"`);
        }
        return new Map();
      }
      case 'createRole': {
        const name = c.get('createRole');
        if (typeof name !== 'string' || name === '') throw fail(2, 'Must provide a non-empty role name');
        if (BUILT_IN[name]) throw fail(51002, `Role "${name}@${db}" already exists`);
        const key = `${db}.${name}`;
        if (this.roles.has(key)) throw fail(51002, `Role "${name}@${db}" already exists`);
        const privs = c.get('privileges');
        if (!Array.isArray(privs))
          throw fail(14, "BSON field 'createRole.privileges' is the wrong type, expected type 'array'");
        const privileges = privs.map((p) => {
          const resource = isDoc(p) ? p.get('resource') : undefined;
          const actions = isDoc(p) ? p.get('actions') : undefined;
          if (!isDoc(resource) || !Array.isArray(actions)) throw fail(2, 'Privileges must have a resource and actions');
          const rdb = resource.get('db');
          const rcoll = resource.get('collection');
          return {
            db: typeof rdb === 'string' ? rdb : undefined,
            collection: typeof rcoll === 'string' ? rcoll : undefined,
            actions: new Set(actions.filter((a): a is string => typeof a === 'string')),
          };
        });
        const roles = roleRefs(c.get('roles') ?? [], db, 'createRole.roles');
        this.checkRoles(roles);
        this.roles.set(key, { privileges, roles });
        return new Map();
      }
      case 'grantRolesToUser':
      case 'revokeRolesFromUser': {
        const name = c.get(ctx.name);
        const user = typeof name === 'string' ? this.users.get(`${db}.${name}`) : undefined;
        if (!user) throw fail(11, `Could not find user "${String(name)}" for db "${db}"`);
        const roles = roleRefs(c.get('roles'), db, `${ctx.name}.roles`);
        this.checkRoles(roles);
        if (ctx.name === 'grantRolesToUser') {
          for (const r of roles) if (!user.roles.some((x) => x.role === r.role && x.db === r.db)) user.roles.push(r);
        } else {
          user.roles = user.roles.filter((x) => !roles.some((r) => x.role === r.role && x.db === r.db));
        }
        return new Map();
      }
      case 'usersInfo': {
        const want = c.get('usersInfo');
        const list = [...this.users.values()].filter(
          (u) => u.db === db && (want === 1 || (typeof want === 'string' ? u.user === want : true)),
        );
        return new Map<string, Value>([
          [
            'users',
            list.map(
              (u) =>
                new Map<string, Value>([
                  ['_id', `${u.db}.${u.user}`],
                  ['user', u.user],
                  ['db', u.db],
                  [
                    'roles',
                    u.roles.map(
                      (r) =>
                        new Map<string, Value>([
                          ['role', r.role],
                          ['db', r.db],
                        ]),
                    ),
                  ],
                ]),
            ),
          ],
        ]);
      }
      case 'authenticate':
      case 'auth': {
        const name = c.get('user');
        const pwd = c.get('pwd');
        const userDb = typeof c.get('db') === 'string' ? (c.get('db') as string) : db;
        const user = typeof name === 'string' ? this.users.get(`${userDb}.${name}`) : undefined;
        if (!user || user.pwd !== pwd) throw fail(18, 'Authentication failed.');
        this.current = user;
        return new Map<string, Value>([
          ['dbname', user.db],
          ['user', user.user],
        ]);
      }
      case 'logout':
        this.current = undefined;
        return new Map();
      case 'connectionStatus': {
        const u = this.current;
        return new Map<string, Value>([
          [
            'authInfo',
            new Map<string, Value>([
              [
                'authenticatedUsers',
                u
                  ? [
                      new Map<string, Value>([
                        ['user', u.user],
                        ['db', u.db],
                      ]),
                    ]
                  : [],
              ],
              [
                'authenticatedUserRoles',
                u
                  ? u.roles.map(
                      (r) =>
                        new Map<string, Value>([
                          ['role', r.role],
                          ['db', r.db],
                        ]),
                    )
                  : [],
              ],
            ]),
          ],
        ]);
      }
      default:
        throw fail(59, `no such command: '${ctx.name}'`);
    }
  }
}

interface Need {
  readonly action: Action;
  readonly db: string;
  readonly collection: string | undefined;
}

/** The privileges a command needs (the server's per-command `checkAuthForOperation`, simplified). */
export function requiredPrivileges(ctx: CommandContext): Need[] {
  const c = ctx.command;
  const target = c.get(ctx.name);
  const coll = typeof target === 'string' ? target : undefined;
  const on = (...actions: Action[]): Need[] => actions.map((action) => ({ action, db: ctx.db, collection: coll }));
  switch (ctx.name) {
    case 'find':
    case 'count':
    case 'distinct':
    case 'aggregate':
    case 'getMore':
    case 'explain':
      return on('find');
    case 'insert':
      return on('insert');
    case 'delete':
      return on('remove');
    case 'update': {
      const updates = c.get('updates');
      const upserts = Array.isArray(updates) && updates.some(isUpsertStatement);
      return upserts ? on('update', 'find', 'insert') : on('update', 'find');
    }
    case 'findAndModify':
    case 'findandmodify': {
      if (c.get('remove') === true) return on('find', 'remove');
      return c.get('upsert') === true ? on('find', 'update', 'insert') : on('find', 'update');
    }
    case 'bulkWrite': {
      const nsInfo = c.get('nsInfo');
      const out: Need[] = [];
      for (const n of Array.isArray(nsInfo) ? nsInfo : []) {
        const ns = isDoc(n) ? n.get('ns') : undefined;
        if (typeof ns !== 'string') continue;
        const dot = ns.indexOf('.');
        for (const action of ['insert', 'update', 'remove', 'find']) {
          out.push({ action, db: ns.slice(0, dot), collection: ns.slice(dot + 1) });
        }
      }
      return out;
    }
    case 'create':
      return on('createCollection');
    case 'createIndexes':
      return on('createIndex');
    case 'drop':
      return on('dropCollection');
    case 'dropDatabase':
      return on('dropDatabase');
    case 'dropIndexes':
    case 'deleteIndexes':
      return on('dropIndex');
    case 'collMod':
      return on('collMod');
    case 'listCollections':
      return [{ action: 'listCollections', db: ctx.db, collection: undefined }];
    case 'listIndexes':
      return on('listIndexes');
    case 'createUser':
      return [{ action: 'createUser', db: ctx.db, collection: undefined }];
    case 'dropUser':
      return [{ action: 'dropUser', db: ctx.db, collection: undefined }];
    case 'createRole':
      return [{ action: 'createRole', db: ctx.db, collection: undefined }];
    case 'grantRolesToUser':
    case 'revokeRolesFromUser':
      return [{ action: 'grantRole', db: ctx.db, collection: undefined }];
    case 'usersInfo':
      return [{ action: 'viewUser', db: ctx.db, collection: undefined }];
    default:
      // Cluster-level commands (shardCollection, setDefaultRWConcern, ...): root only.
      return [{ action: `cluster:${ctx.name}`, db: 'admin', collection: undefined }];
  }
}
