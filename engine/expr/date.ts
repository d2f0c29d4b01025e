/**
 * The date operators (`DateExpressionAcceptingTimeZone`, `ExpressionDateToString`,
 * `ExpressionDateFromParts`, `ExpressionDateAdd`, `ExpressionDateDiff`, `ExpressionDateTrunc`...),
 * one file per concept: date-common.ts, date-format.ts, date-parts.ts, date-units.ts.
 */
import { dayOfWeek, dayOfYear, isoDayOfWeek, isoWeekAndYear, sundayWeek } from './timezone.js';
import type { OperatorParser } from './types.js';
import { parseDateFromParts, parseDateToParts, datePartOperator } from './date-parts.js';
import { parseDateFromString, parseDateToString } from './date-format.js';
import { dateArithmetic, parseDateDiff, parseDateTrunc } from './date-units.js';

export { coerceToDate } from './date-common.js';
export { formatDate, ISO_FORMAT, parseDateString } from './date-format.js';

export const dateOperators = {
  $year: datePartOperator((p) => p.year, true),
  $month: datePartOperator((p) => p.month),
  $dayOfMonth: datePartOperator((p) => p.day),
  $hour: datePartOperator((p) => p.hour),
  $minute: datePartOperator((p) => p.minute),
  $second: datePartOperator((p) => p.second),
  $millisecond: datePartOperator((p) => p.millisecond),
  $dayOfWeek: datePartOperator((p) => dayOfWeek(p)),
  $dayOfYear: datePartOperator((p) => dayOfYear(p)),
  $week: datePartOperator((p) => sundayWeek(p)),
  $isoWeek: datePartOperator((p) => isoWeekAndYear(p).week),
  $isoWeekYear: datePartOperator((p) => isoWeekAndYear(p).year, true),
  $isoDayOfWeek: datePartOperator((p) => isoDayOfWeek(p)),
  $dateToString: parseDateToString,
  $dateFromString: parseDateFromString,
  $dateToParts: parseDateToParts,
  $dateFromParts: parseDateFromParts,
  $dateAdd: dateArithmetic(1),
  $dateSubtract: dateArithmetic(-1),
  $dateDiff: parseDateDiff,
  $dateTrunc: parseDateTrunc,
} satisfies Record<string, OperatorParser>;

