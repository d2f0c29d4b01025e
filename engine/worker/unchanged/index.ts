/**
 * Why each matched document the diff shows unchanged was left as it was, on its own card:
 * - `equal`: every modifier was a no-op on it (the reasons of equal-reasons.ts);
 * - `refused`: the statement failed on it (a validator: errInfo in words, and the document the
 *   update would have written);
 * - `not-reached`: a multi update stopped at that failure before reaching it.
 * Bounded: at most MAX_EXPLAINED documents per statement get a reason or a not-reached card.
 */
import { isArray, isDoc, type Doc } from '../../bson/values.js';
import type { StatementDetail } from '../../commands/update/details.js';
import type { Engine } from '../../index.js';
import { compileQuery } from '../../query/index.js';
import { defaultEnv } from '../../query/evaluate.js';
import type { ChangeView } from '../protocol.js';
import type { RecordedChange, RecordedStatement } from '../recorded-run.js';
import { writeErrorsOf } from '../statement-views.js';
import { scalarText, toTree } from '../views.js';
import { equalReasons, type EqualReasons } from './equal-reasons.js';
import { validationFailureText } from './err-info-text.js';
import { statementSpec, type StatementSpec } from './statement-spec.js';

export const MAX_EXPLAINED = 100;

function idOf(doc: Doc): string | undefined {
  const id = doc.get('_id');
  return id === undefined ? undefined : scalarText(id);
}

/**
 * The document a validator refused and the matched documents after it that the statement never
 * reached, read from the collection right after the command (they are as the statement left them:
 * untouched). Only for a multi update outside transactions on an unsharded deployment, where the
 * statement is one pass over the collection.
 */
function stoppedCards(
  engine: Engine,
  spec: StatementSpec,
  view: RecordedStatement,
  errInfo: Doc,
): { readonly cards: ChangeView[]; readonly notReached: number } | undefined {
  const failure = validationFailureText(errInfo);
  if (failure === undefined) return undefined;
  const collator = engine.catalog.getCollection(spec.db, spec.collection)?.collator ?? null;
  let matcher: ReturnType<typeof compileQuery>;
  try {
    matcher = compileQuery(spec.q, { collator });
  } catch {
    return undefined;
  }
  const seen = new Set(
    view.changes.map((c) => {
      // The _id as its card shows it: scalar ids only, as the tree's text.
      const id = c.detail?.before.get('_id');
      if (id !== undefined) return isDoc(id) || isArray(id) ? undefined : scalarText(id);
      const tree = c.view?.before;
      const v = tree?.t === 'doc' ? tree.fields.find(([k]) => k === '_id')?.[1] : undefined;
      return v?.t === 'val' ? v.text : undefined;
    }),
  );
  const env = defaultEnv();
  const cards: ChangeView[] = [];
  let notReached = 0;
  let failing: Doc | undefined;
  for (const doc of engine.documents(spec.db, spec.collection)) {
    const id = idOf(doc);
    if (id === undefined || seen.has(id)) continue;
    if (id === failure.id) {
      failing = doc;
      continue;
    }
    let matched: boolean;
    try {
      matched = matcher.matches(doc, env);
    } catch {
      matched = false;
    }
    if (!matched || !spec.multi) continue;
    notReached++;
    if (cards.length >= MAX_EXPLAINED) continue;
    const tree = toTree(doc);
    cards.push({
      before: tree,
      after: tree,
      noop: true,
      modifiedPaths: [],
      arrayTouches: [],
      unchanged: { kind: 'not-reached', stoppedAt: failure.id },
    });
  }
  if (failing === undefined) return { cards, notReached };
  const tree = toTree(failing);
  const refused: ChangeView = {
    before: tree,
    after: tree,
    noop: true,
    modifiedPaths: [],
    arrayTouches: [],
    unchanged: { kind: 'refused', lines: failure.lines },
  };
  return { cards: [refused, ...cards], notReached };
}

/**
 * The statements of one command with their unchanged documents explained; a failed statement's
 * errInfo (in the reply) names the document a validator refused.
 */
export function explainUnchanged(
  engine: Engine,
  db: string,
  name: string,
  command: Doc,
  reply: Doc,
  details: readonly StatementDetail[],
  views: readonly RecordedStatement[],
): RecordedStatement[] {
  const onePass = engine.serverType() !== 'sharded' && command.get('autocommit') === undefined && name !== 'upsertRace';
  const writeErrors = writeErrorsOf(name, reply);
  // findAndModify reports a validator's refusal as the command's error, errInfo included.
  if (writeErrors.size === 0 && isDoc(reply.get('errInfo'))) writeErrors.set(0, reply);
  return views.map((view) => {
    if (view.notRun !== undefined || view.transaction !== undefined) return view;
    const spec = statementSpec(db, name, command, view.index);
    if (spec === undefined) return view;
    const detail = details.find((d) => d.index === view.index);
    let explained = 0;
    let reasons: EqualReasons | undefined | null = null;
    const documents = view.changes.map((change, i): RecordedChange => {
      const before = detail?.documents[i]?.before;
      if (!(change.detail?.noop ?? change.view?.noop) || explained >= MAX_EXPLAINED || before === undefined)
        return change;
      // Parsed once per statement, and only when it left a document unchanged.
      if (reasons === null)
        reasons = equalReasons(spec, engine.catalog.getCollection(spec.db, spec.collection)?.collator ?? null);
      if (reasons === undefined) return change;
      explained++;
      const lines = reasons.of(before);
      return lines.length === 0 ? change : { ...change, unchanged: { kind: 'equal', reasons: lines } };
    });
    const errInfo = writeErrors.get(view.index)?.get('errInfo');
    const stopped =
      onePass && isDoc(errInfo) && view.error !== undefined ? stoppedCards(engine, spec, view, errInfo) : undefined;
    return stopped === undefined
      ? { ...view, changes: documents }
      : {
          ...view,
          changes: [...documents, ...stopped.cards.map((card) => ({ view: card }))],
          ...(stopped.notReached > 0 ? { notReached: stopped.notReached } : {}),
        };
  });
}
