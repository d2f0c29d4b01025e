/**
 * Engine values turned into plain display data for the page, so that the page never needs BSON
 * semantics: every scalar arrives with its shell text and its BSON type name, every document as
 * an ordered tree, every document as "typed" Extended JSON text the user can edit.
 *
 *   toTree({_id: 1, n: Long(5), w: 2.0}) →
 *     {t: 'doc', fields: [['_id', {t: 'val', type: 'int', text: '1'}],
 *                         ['n', {t: 'val', type: 'long', text: 'NumberLong(5)'}],
 *                         ['w', {t: 'val', type: 'double', text: '2.0'}]]}
 */
import { appendAll } from '../arrays.js';
import { doubleText, stringifyEJSON } from '../bson/ejson.js';
import { typedEJSON } from './typed-ejson.js';
import { isArray, isDoc, typeOf, type Doc, type Value } from '../bson/values.js';
import type { TreeNode } from './protocol.js';

export { typedEJSON };

/** Shell-style text of one scalar, with the types a reader must see (`5` int vs `5.0` double). */
export function scalarText(v: Value): string {
  const type = typeOf(v);
  switch (type) {
    case 'double':
      return doubleText(v as number);
    case 'string':
      return JSON.stringify(v);
    case 'bool':
      return String(v);
    case 'null':
      return 'null';
    case 'int':
      return stringifyEJSON(v, { relaxed: true });
    case 'long':
      return `NumberLong(${(v as { toString(): string }).toString()})`;
    case 'decimal':
      return `NumberDecimal("${(v as { toString(): string }).toString()}")`;
    case 'date': {
      const d = v as Date;
      // mongosh turns a date outside the JS Date range into a NaN Date and prints `Invalid Date`.
      return Number.isNaN(d.getTime()) ? 'Invalid Date' : `ISODate("${d.toISOString()}")`;
    }
    case 'objectId':
      return `ObjectId("${(v as { toHexString(): string }).toHexString()}")`;
    case 'undefined':
      return 'undefined';
    default:
      return stringifyEJSON(v, { relaxed: true });
  }
}

/** A value as a display tree (documents keep their field order, incl. numeric-looking keys). */
export function toTree(v: Value): TreeNode {
  if (isDoc(v)) return { t: 'doc', fields: [...v].map(([k, x]) => [k, toTree(x)] as const) };
  if (isArray(v)) return { t: 'arr', items: v.map(toTree) };
  return { t: 'val', type: typeOf(v), text: scalarText(v) };
}

/** One line per diff section of a `$v: 2` oplog entry, in words. */
export function explainOplogDiff(diff: Doc, prefix = ''): string[] {
  const out: string[] = [];
  const path = (k: string): string => (prefix === '' ? k : `${prefix}.${k}`);
  const first = diff.keys().next();
  const isArrayDiff = !first.done && first.value === 'a';
  for (const [key, value] of diff) {
    if (isArrayDiff) {
      if (key === 'a') continue;
      if (key === 'l') {
        out.push(`l: resize array ${prefix} to length ${scalarText(value)}`);
      } else if (key.startsWith('u')) {
        out.push(`${key}: set element ${path(key.slice(1))} to ${shortText(value)}`);
      } else if (key.startsWith('s') && isDoc(value)) {
        appendAll(out, explainOplogDiff(value, path(key.slice(1))));
      }
      continue;
    }
    if ((key === 'u' || key === 'i' || key === 'd') && isDoc(value)) {
      for (const [field, x] of value) {
        if (key === 'u') out.push(`u: update ${path(field)} to ${shortText(x)}`);
        else if (key === 'i') out.push(`i: insert ${path(field)} = ${shortText(x)}`);
        else out.push(`d: delete ${path(field)}`);
      }
    } else if (key.startsWith('s') && isDoc(value)) {
      appendAll(out, explainOplogDiff(value, path(key.slice(1))));
    }
  }
  return out;
}

function shortText(v: Value): string {
  if (isDoc(v) || isArray(v)) {
    const text = typedEJSON(v, 0);
    return text.length > 60 ? text.slice(0, 57) + '…' : text;
  }
  return scalarText(v);
}

/** A whole oplog entry in words: the op kind, then the diff sections. */
export function explainOplogEntry(entry: Doc): string[] {
  const op = entry.get('op');
  const ns = entry.get('ns');
  const o = entry.get('o');
  const o2 = entry.get('o2');
  const id = isDoc(o2) ? o2.get('_id') : isDoc(o) ? o.get('_id') : undefined;
  const target = `${typeof ns === 'string' ? ns : '?'}${id === undefined ? '' : ` _id ${scalarText(id)}`}`;
  switch (op) {
    case 'i':
      return [`insert into ${target} the whole document`];
    case 'd':
      return [`delete from ${target}`];
    case 'c':
      return [`command on ${typeof ns === 'string' ? ns : '?'}: ${isDoc(o) ? (o.keys().next().value ?? '') : ''}`];
    case 'u': {
      if (isDoc(o) && o.has('$v') && isDoc(o.get('diff'))) {
        return [`update ${target} with a $v:2 delta`, ...explainOplogDiff(o.get('diff') as Doc)];
      }
      return [`replace ${target} with the whole new document (no delta)`];
    }
    default:
      return [`${String(op)} on ${target}`];
  }
}
