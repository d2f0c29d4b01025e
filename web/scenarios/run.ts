/**
 * Runs a scenario end to end on an engine and compares what happened with its `expect` block.
 * Used by the gallery test for every scenario, and usable by the page to show "expected vs got".
 */
import { valuesEqual } from '../../engine/bson/compare.js';
import { stringifyEJSON } from '../../engine/bson/ejson.js';
import type { Doc, Value } from '../../engine/bson/values.js';
import { isDoc } from '../../engine/bson/values.js';
import { runShellScript, type RunShellScriptOptions } from '../../engine/shell/index.js';
import type { ShellStatementResult } from '../../engine/shell/interpreter.js';
import { classifyRun, type RunOutcome } from './outcome.js';
import { loadScenarioIntoEngine, type CommandRunner } from './setup.js';
import type { Scenario, ScenarioExpect } from './types.js';

/** What `runScenario` needs from the engine (the Engine class provides both). */
export interface ScenarioEngine extends CommandRunner {
  documents(db: string, collection: string): Doc[];
}

export interface ScenarioRun {
  readonly results: readonly ShellStatementResult[];
  readonly outcome: RunOutcome;
  /** Differences from `expect`, one sentence each; empty when the scenario behaved as expected. */
  readonly mismatches: readonly string[];
}

/** `expected` ⊆ `actual`: documents by subset, arrays element by element, numbers across types. */
export function matchesSubset(expected: Value, actual: Value | undefined): boolean {
  if (actual === undefined) return false;
  if (isDoc(expected)) {
    if (!isDoc(actual)) return false;
    for (const [k, v] of expected) if (!matchesSubset(v, actual.get(k))) return false;
    return true;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return false;
    return expected.every((v, i) => matchesSubset(v, actual[i]));
  }
  if (isDoc(actual) || Array.isArray(actual)) return false;
  return valuesEqual(expected, actual);
}

function show(v: Value | undefined): string {
  return v === undefined ? '(nothing)' : stringifyEJSON(v, { relaxed: true });
}

/** Compares a run with the scenario's expectations (collections are read from the engine). */
export function checkExpectation(
  expect: ScenarioExpect,
  outcome: RunOutcome,
  engine: ScenarioEngine,
  database: string,
): string[] {
  const out: string[] = [];
  if (outcome.outcome !== expect.outcome) {
    const detail =
      outcome.code !== undefined
        ? ` (code ${outcome.code}: ${outcome.message ?? ''})`
        : outcome.message
          ? ` (${outcome.message})`
          : '';
    out.push(`expected outcome '${expect.outcome}', got '${outcome.outcome}'${detail}`);
  } else if (expect.code !== undefined && outcome.code !== expect.code) {
    out.push(`expected code ${expect.code}, got ${String(outcome.code)} (${outcome.message ?? ''})`);
  }
  if (expect.messageIncludes !== undefined && !(outcome.message ?? '').includes(expect.messageIncludes)) {
    out.push(
      `expected the error message to include ${JSON.stringify(expect.messageIncludes)}, got ${JSON.stringify(outcome.message ?? '')}`,
    );
  }
  if (expect.result !== undefined && !matchesSubset(expect.result, outcome.lastValue)) {
    out.push(`expected the last result to contain ${show(expect.result)}, got ${show(outcome.lastValue)}`);
  }
  for (const [name, docs] of Object.entries(expect.after ?? {})) {
    // Canonical EJSON compares types and field order exactly (int32 vs double vs int64).
    const want = stringifyEJSON([...docs]);
    const got = stringifyEJSON(engine.documents(database, name));
    if (want !== got) {
      out.push(
        `collection '${name}' after the run: expected ${show([...docs])}, got ${show(engine.documents(database, name))}`,
      );
    }
  }
  return out;
}

/** Loads the scenario's collections into `engine`, runs its script and checks the outcome. */
export function runScenario(
  engine: ScenarioEngine,
  scenario: Scenario,
  options: RunShellScriptOptions = {},
): ScenarioRun {
  loadScenarioIntoEngine(engine, scenario);
  const results = runShellScript(engine, scenario.script, { database: scenario.database, ...options });
  const outcome = classifyRun(results);
  return { results, outcome, mismatches: checkExpectation(scenario.expect, outcome, engine, scenario.database) };
}
