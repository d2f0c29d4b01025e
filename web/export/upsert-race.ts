/**
 * `db.runCommand({upsertRace: …})` exists only in Upsert Lab (a simulation of two clients whose
 * upserts interleave). An exported script replaces each such statement with the two upserts as
 * real operations, one per client, and says that the interleaving on a real server is not
 * deterministic. The statement's literal is read with the shell's literal parser (nothing runs);
 * names and values are written back only through the escaping literal helpers.
 */
import { isDoc, type Doc, type Value } from '../../engine/bson/values.js';
import type { Expr } from '../../engine/shell/ast.js';
import { parseShellDocuments } from '../../engine/shell/document-literal.js';
import { parseProgram } from '../../engine/shell/parser.js';
import { docLiteral, stringLiteral } from './mongosh-literal.js';

interface Race {
  readonly start: number;
  readonly end: number;
  readonly command: Doc;
}

function raceArgument(expression: Expr): Expr | undefined {
  if (expression.kind !== 'Call' || expression.callee.kind !== 'Member') return undefined;
  const name = expression.callee.property;
  if (name !== 'runCommand' && name !== 'adminCommand') return undefined;
  const arg = expression.args[0];
  if (arg === undefined || arg.kind !== 'Object') return undefined;
  const first = arg.properties[0];
  return first !== undefined && first.kind === 'Property' && first.key === 'upsertRace' ? arg : undefined;
}

function races(script: string): Race[] {
  let program;
  try {
    program = parseProgram(script);
  } catch {
    return [];
  }
  const out: Race[] = [];
  for (const statement of program.statements) {
    if (statement.kind !== 'ExpressionStatement') continue;
    const arg = raceArgument(statement.expression);
    if (arg === undefined) continue;
    const parsed = parseShellDocuments(script.slice(arg.start, arg.end));
    const command = parsed.ok ? parsed.documents[0] : undefined;
    if (command !== undefined) out.push({ start: statement.start, end: statement.end, command });
  }
  return out;
}

/** `coll.updateOne(q, u, {upsert, …})` for one side of the race (a statement of the update command). */
function clientCall(accessor: string, side: Value | undefined): string {
  if (!isDoc(side)) return '// (this side of the race has no statement)';
  const q = side.get('q');
  const u = side.get('u');
  const options: Doc = new Map([...side].filter(([k]) => k !== 'q' && k !== 'u' && k !== 'multi'));
  const method = side.get('multi') === true ? 'updateMany' : 'updateOne';
  const update = isDoc(u) || Array.isArray(u) ? literal(u) : '{}';
  return `${accessor}.${method}(${isDoc(q) ? docLiteral(q) : '{}'}, ${update}, ${docLiteral(options)});`;
}

function literal(v: Value): string {
  return Array.isArray(v) ? `[${v.map((x) => (isDoc(x) ? docLiteral(x) : '{}')).join(', ')}]` : docLiteral(v as Doc);
}

function reproduction(command: Doc, database: string): string {
  const collection = command.get('upsertRace');
  const accessor = `db.getSiblingDB(${stringLiteral(database)}).getCollection(${stringLiteral(typeof collection === 'string' ? collection : '')})`;
  return [
    '// Upsert Lab simulated two clients here (its upsertRace command does not exist in MongoDB).',
    '// On a real server, run the two upserts below at the same moment from two mongosh sessions',
    '// (or with Promise.all in a driver script). The interleaving on a real server is not',
    '// deterministic: repeat it to see both outcomes. Run as one script, they run one after the other.',
    '// Client 1:',
    clientCall(accessor, command.get('first')),
    '// Client 2:',
    clientCall(accessor, command.get('second')),
  ].join('\n');
}

/** The command text with every upsertRace statement replaced by its real reproduction. */
export function realUpsertRaces(script: string, database: string): string {
  const found = races(script);
  if (found.length === 0) return script;
  let out = '';
  let at = 0;
  for (const race of found) {
    out += script.slice(at, race.start) + reproduction(race.command, database);
    at = race.end;
  }
  return out + script.slice(at);
}
