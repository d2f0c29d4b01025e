/**
 * Logical sessions the engine has seen (the `lsid` of each command), for `$listLocalSessions`.
 * Without authentication every session's `uid` is the SHA-256 of the empty user name, which the
 * playground stands in for with 32 zero bytes.
 */
import { Binary } from 'bson';
import { isDoc, type Doc, type Value } from '../bson/values.js';
import { keyOf } from './keys.js';

const NO_USER_UID = new Binary(new Uint8Array(32), 0);

export class SessionRegistry {
  private readonly sessions = new Map<string, { id: Value; lastUse: Date }>();

  /** Records a command's `lsid` (`{id: UUID}`) as used at `now`. */
  touch(lsid: Value | undefined, now: Date): void {
    if (!isDoc(lsid)) return;
    const id = lsid.get('id');
    if (id === undefined) return;
    this.sessions.set(keyOf(id), { id, lastUse: now });
  }

  /** `$listLocalSessions` documents: `{_id: {id, uid}, lastUse}`, in first-use order. */
  list(): Doc[] {
    return [...this.sessions.values()].map(
      (s) =>
        new Map<string, Value>([
          [
            '_id',
            new Map<string, Value>([
              ['id', s.id],
              ['uid', NO_USER_UID],
            ]),
          ],
          ['lastUse', s.lastUse],
        ]),
    );
  }

  clear(): void {
    this.sessions.clear();
  }
}
