/**
 * Link format 2's text frame: the state as a row of length-prefixed fields instead of JSON, so
 * the documents and the command travel as they are written (JSON would escape every quote and
 * newline of the Extended JSON text inside it), and the preset dictionary finds its phrases.
 *
 *   frame  = field{6} (field{4})*          database, deployment, setup, theme, scenarioId, command,
 *                                          then name, documents, options, indexes per collection
 *   field  = <length> ":" [ "t" text | "j" json ]     length counts UTF-16 units after ":";
 *                                                     "0:" is an absent field
 *
 * `t` carries a string as is, `j` a JSON value (and a string JSON must escape: lone surrogates).
 * Extended JSON texts lose their insignificant whitespace on the way (`compactJsonText`); the
 * page lays documents out again when it loads them.
 */
import { ShareError, validateShareState, type EjsonInput, type JsonValue, type ShareState } from './state.js';

const HEADER_FIELDS = 6;
/** UTF-8 cannot carry a lone surrogate; JSON's \u escape can. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
const COLLECTION_FIELDS = 4;

function corrupt(what: string): ShareError {
  return new ShareError('corrupt', `This share link is damaged: ${what}.`);
}

/** A JSON text without the whitespace between its tokens; any other text unchanged. */
export function compactJsonText(text: string): string {
  try {
    JSON.parse(text);
  } catch {
    return text; // not JSON: whitespace may matter, keep every character
  }
  let out = '';
  let start = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) {
      out += text.slice(start, i);
      start = i + 1;
    }
  }
  return out + text.slice(start);
}

function field(value: string | undefined): string {
  return value === undefined ? '0:' : `${value.length}:${value}`;
}

function textField(value: string | undefined): string {
  if (value === undefined) return field(undefined);
  return field(LONE_SURROGATE.test(value) ? `j${JSON.stringify(value)}` : `t${value}`);
}

function valueField(value: JsonValue | undefined): string {
  return value === undefined ? field(undefined) : field(`j${JSON.stringify(value)}`);
}

function ejsonField(value: EjsonInput | undefined): string {
  return typeof value === 'string' ? textField(compactJsonText(value)) : valueField(value);
}

export function stateToFrame(state: ShareState): string {
  let out =
    textField(state.database) +
    textField(state.deployment) +
    valueField(state.setup) +
    textField(state.theme) +
    textField(state.scenarioId) +
    textField(state.command);
  for (const c of state.collections) {
    out += textField(c.name) + ejsonField(c.documents) + ejsonField(c.options) + ejsonField(c.indexes);
  }
  return out;
}

/** The fields of a frame, `undefined` for absent ones. */
function readFields(frame: string): (JsonValue | undefined)[] {
  const fields: (JsonValue | undefined)[] = [];
  let at = 0;
  while (at < frame.length) {
    const colon = frame.indexOf(':', at);
    const digits = frame.slice(at, colon);
    if (colon < 0 || !/^(0|[1-9][0-9]{0,9})$/.test(digits)) throw corrupt('a field has no length');
    const length = Number(digits);
    const end = colon + 1 + length;
    if (end > frame.length) throw corrupt('it was cut short');
    const body = frame.slice(colon + 1, end);
    if (length === 0) fields.push(undefined);
    else if (body[0] === 't') fields.push(body.slice(1));
    else if (body[0] === 'j') {
      try {
        fields.push(JSON.parse(body.slice(1)) as JsonValue);
      } catch {
        throw corrupt('a field is not valid JSON');
      }
    } else throw corrupt('a field has an unknown kind');
    at = end;
  }
  return fields;
}

/** The validated state a frame holds (ShareError when it is damaged). */
export function frameToState(frame: string): ShareState {
  const fields = readFields(frame);
  if (fields.length < HEADER_FIELDS || (fields.length - HEADER_FIELDS) % COLLECTION_FIELDS !== 0) {
    throw corrupt('it has the wrong number of fields');
  }
  const [database, deployment, setup, theme, scenarioId, command] = fields;
  const collections = [];
  for (let i = HEADER_FIELDS; i < fields.length; i += COLLECTION_FIELDS) {
    const [name, documents, options, indexes] = fields.slice(i, i + COLLECTION_FIELDS);
    collections.push({
      name,
      documents,
      ...(options === undefined ? {} : { options }),
      ...(indexes === undefined ? {} : { indexes }),
    });
  }
  const state: Record<string, unknown> = { v: 1, collections, command };
  const optional = { database, deployment, setup, theme, scenarioId };
  for (const [key, value] of Object.entries(optional)) if (value !== undefined) state[key] = value;
  return validateShareState(state);
}
