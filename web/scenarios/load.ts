/**
 * Parses and validates scenario files. The gallery file is read with the engine's Extended JSON
 * parser (not JSON.parse), so numbers keep the type their form gives them: `1` int32, `1.0`
 * double, `{"$numberLong": "1"}` int64. Every problem is reported with the scenario id and the
 * field path, so a broken example is caught by the gallery test before a user sees it.
 */
import { parseEJSON, stringifyEJSON } from '../../engine/bson/ejson.js';
import { Int32, isDoc, type Doc, type Value } from '../../engine/bson/values.js';
import { defaultIndexName } from '../../engine/catalog/index-definition.js';
import {
  COURSE_SECTIONS,
  DEFAULT_DEPLOYMENT,
  DEPLOYMENTS,
  OUTCOMES,
  type Deployment,
  type DeploymentSetup,
  type ExpectedOutcome,
  type Scenario,
  type ScenarioCollection,
  type ScenarioCollectionOptions,
  type ScenarioExpect,
  type ScenarioGallery,
  type ScenarioIndex,
} from './types.js';

export class ScenarioError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(`${path}: ${message}`);
    this.name = 'ScenarioError';
  }
}

const ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SCENARIO_KEYS = new Set([
  'id',
  'title',
  'description',
  'section',
  'specRef',
  'database',
  'collections',
  'script',
  'expect',
  'deployment',
  'setup',
  'versionNote',
]);
const COLLECTION_KEYS = new Set(['documents', 'options', 'indexes']);
const OPTION_KEYS = new Set(['validator', 'validationLevel', 'validationAction', 'collation']);
const EXPECT_KEYS = new Set(['outcome', 'code', 'messageIncludes', 'result', 'after']);
const SETUP_KEYS = new Set(['members', 'shards', 'shardKeys']);

function parseText(text: string, path: string): Value {
  try {
    return parseEJSON(text);
  } catch (e) {
    throw new ScenarioError(path, `not valid Extended JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
}

function asDoc(v: Value | undefined, path: string): Doc {
  if (!isDoc(v)) throw new ScenarioError(path, 'must be a document');
  return v;
}

function onlyKeys(d: Doc, allowed: ReadonlySet<string>, path: string): void {
  for (const k of d.keys()) if (!allowed.has(k)) throw new ScenarioError(`${path}.${k}`, 'unknown field');
}

function reqString(d: Doc, key: string, path: string): string {
  const v = d.get(key);
  if (typeof v !== 'string' || v.trim() === '') throw new ScenarioError(`${path}.${key}`, 'must be a non-empty string');
  return v;
}

function optString(d: Doc, key: string, path: string): string | undefined {
  return d.has(key) ? reqString(d, key, path) : undefined;
}

/** An integral number of any BSON numeric type, as a JS number. */
function intOf(v: Value | undefined, path: string): number {
  const n = typeof v === 'number' ? v : v instanceof Int32 ? v.value : Number.NaN;
  if (!Number.isInteger(n)) throw new ScenarioError(path, 'must be an integer');
  return n;
}

function oneOf<T extends string>(v: Value | undefined, allowed: readonly T[], path: string): T {
  if (typeof v !== 'string' || !(allowed as readonly string[]).includes(v)) {
    throw new ScenarioError(path, `must be one of ${allowed.join(', ')}`);
  }
  return v as T;
}

function docArray(v: Value | undefined, path: string): Doc[] {
  if (!Array.isArray(v)) throw new ScenarioError(path, 'must be an array of documents');
  return v.map((d, i) => asDoc(d, `${path}[${i}]`));
}

function parseOptions(d: Doc, path: string): ScenarioCollectionOptions {
  onlyKeys(d, OPTION_KEYS, path);
  const out: {
    validator?: Doc;
    validationLevel?: 'off' | 'strict' | 'moderate';
    validationAction?: 'error' | 'warn';
    collation?: Doc;
  } = {};
  if (d.has('validator')) out.validator = asDoc(d.get('validator'), `${path}.validator`);
  if (d.has('validationLevel')) {
    out.validationLevel = oneOf(
      d.get('validationLevel'),
      ['off', 'strict', 'moderate'] as const,
      `${path}.validationLevel`,
    );
  }
  if (d.has('validationAction')) {
    out.validationAction = oneOf(d.get('validationAction'), ['error', 'warn'] as const, `${path}.validationAction`);
  }
  if (d.has('collation')) {
    const c = asDoc(d.get('collation'), `${path}.collation`);
    reqString(c, 'locale', `${path}.collation`);
    out.collation = c;
  }
  return out;
}

function parseIndex(v: Value, path: string): ScenarioIndex {
  const spec = asDoc(v, path);
  const key = asDoc(spec.get('key'), `${path}.key`);
  if (key.size === 0) throw new ScenarioError(`${path}.key`, 'must name at least one field');
  const name = spec.has('name') ? reqString(spec, 'name', path) : defaultIndexName(key);
  const full: Doc = new Map(spec);
  full.set('name', name);
  return { key, name, spec: full };
}

function parseCollection(name: string, v: Value, path: string): ScenarioCollection {
  const d = asDoc(v, path);
  onlyKeys(d, COLLECTION_KEYS, path);
  if (name === '' || name.includes('$') || name.startsWith('system.')) {
    throw new ScenarioError(path, 'invalid collection name');
  }
  const documents = docArray(d.get('documents'), `${path}.documents`);
  const indexesValue = d.get('indexes');
  if (indexesValue !== undefined && !Array.isArray(indexesValue)) {
    throw new ScenarioError(`${path}.indexes`, 'must be an array');
  }
  const indexes = (indexesValue ?? []).map((x, i) => parseIndex(x, `${path}.indexes[${i}]`));
  const base = {
    name,
    documents,
    documentsText: stringifyEJSON(documents, { relaxed: true, indent: 2 }),
    indexes,
  };
  return d.has('options')
    ? { ...base, options: parseOptions(asDoc(d.get('options'), `${path}.options`), `${path}.options`) }
    : base;
}

function parseExpect(d: Doc, path: string): ScenarioExpect {
  onlyKeys(d, EXPECT_KEYS, path);
  const outcome: ExpectedOutcome = oneOf(d.get('outcome'), OUTCOMES, `${path}.outcome`);
  const out: {
    outcome: ExpectedOutcome;
    code?: number;
    messageIncludes?: string;
    result?: Value;
    after?: Record<string, readonly Doc[]>;
  } = { outcome };
  if (d.has('code')) out.code = intOf(d.get('code'), `${path}.code`);
  if ((outcome === 'writeError' || outcome === 'writeConcernError') && out.code === undefined)
    throw new ScenarioError(`${path}.code`, `required when outcome is '${outcome}'`);
  if (outcome === 'ok' && out.code !== undefined)
    throw new ScenarioError(`${path}.code`, "not allowed when outcome is 'ok'");
  if (d.has('messageIncludes')) {
    if (outcome === 'ok') throw new ScenarioError(`${path}.messageIncludes`, "not allowed when outcome is 'ok'");
    out.messageIncludes = reqString(d, 'messageIncludes', path);
  }
  const result = d.get('result');
  if (result !== undefined) out.result = result;
  if (d.has('after')) {
    const after = asDoc(d.get('after'), `${path}.after`);
    out.after = {};
    for (const [name, docs] of after) out.after[name] = docArray(docs, `${path}.after.${name}`);
  }
  return out;
}

function parseSetup(d: Doc, path: string): DeploymentSetup {
  onlyKeys(d, SETUP_KEYS, path);
  const out: {
    members?: { state: 'up' | 'down' }[];
    shards?: number;
    shardKeys?: Record<string, Doc>;
  } = {};
  if (d.has('members')) {
    out.members = docArray(d.get('members'), `${path}.members`).map((m, i) => {
      onlyKeys(m, new Set(['state']), `${path}.members[${i}]`);
      return { state: oneOf(m.get('state'), ['up', 'down'] as const, `${path}.members[${i}].state`) };
    });
  }
  if (d.has('shards')) out.shards = intOf(d.get('shards'), `${path}.shards`);
  if (d.has('shardKeys')) {
    out.shardKeys = {};
    for (const [coll, key] of asDoc(d.get('shardKeys'), `${path}.shardKeys`)) {
      out.shardKeys[coll] = asDoc(key, `${path}.shardKeys.${coll}`);
    }
  }
  return out;
}

/**
 * Validates one scenario. Accepts its Extended JSON text or an already parsed document (as found in
 * the gallery file). Throws ScenarioError naming the offending field.
 */
export function loadScenario(input: string | Doc, where = 'scenario'): Scenario {
  const d = typeof input === 'string' ? asDoc(parseText(input, where), where) : input;
  onlyKeys(d, SCENARIO_KEYS, where);
  const id = reqString(d, 'id', where);
  if (!ID_PATTERN.test(id)) throw new ScenarioError(`${where}.id`, 'must be lowercase words joined by dashes');
  const path = `scenario '${id}'`;
  const collectionsDoc = asDoc(d.get('collections'), `${path}.collections`);
  const collections = [...collectionsDoc].map(([name, v]) => parseCollection(name, v, `${path}.collections.${name}`));
  const deployment: Deployment = d.has('deployment')
    ? oneOf(d.get('deployment'), DEPLOYMENTS, `${path}.deployment`)
    : DEFAULT_DEPLOYMENT;
  const expect = parseExpect(asDoc(d.get('expect'), `${path}.expect`), `${path}.expect`);
  const description = reqString(d, 'description', path);
  if (description.includes('\n')) throw new ScenarioError(`${path}.description`, 'must be one line');
  const base: Scenario = {
    id,
    title: reqString(d, 'title', path),
    description,
    section: oneOf(d.get('section'), COURSE_SECTIONS, `${path}.section`),
    specRef: reqString(d, 'specRef', path),
    database: optString(d, 'database', path) ?? 'test',
    collections,
    script: reqString(d, 'script', path),
    expect,
    deployment,
  };
  const setupValue = d.get('setup');
  const setup = setupValue === undefined ? undefined : parseSetup(asDoc(setupValue, `${path}.setup`), `${path}.setup`);
  if (d.has('deployment') && deployment !== 'standalone' && setup === undefined) {
    throw new ScenarioError(`${path}.setup`, `required for deployment '${deployment}'`);
  }
  const versionNote = optString(d, 'versionNote', path);
  return {
    ...base,
    ...(setup !== undefined ? { setup } : {}),
    ...(versionNote !== undefined ? { versionNote } : {}),
  };
}

/** Parses the whole gallery file (public/examples/scenarios.json). Ids must be unique. */
export function loadScenarioGallery(text: string): ScenarioGallery {
  const root = asDoc(parseText(text, 'gallery'), 'gallery');
  const version = root.get('version');
  if (intOf(version, 'gallery.version') !== 1)
    throw new ScenarioError('gallery.version', 'unsupported version (expected 1)');
  const list = root.get('scenarios');
  if (!Array.isArray(list)) throw new ScenarioError('gallery.scenarios', 'must be an array');
  const seen = new Set<string>();
  const scenarios = list.map((v, i) => {
    const s = loadScenario(asDoc(v, `gallery.scenarios[${i}]`), `gallery.scenarios[${i}]`);
    if (seen.has(s.id)) throw new ScenarioError(`gallery.scenarios[${i}].id`, `duplicate id '${s.id}'`);
    seen.add(s.id);
    return s;
  });
  return { version: 1, scenarios };
}
