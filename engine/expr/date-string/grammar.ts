/**
 * The definitions and rules of timelib's free-form date scanner (`parse_date.re`, the copy the
 * server vendors), written as patterns for pattern.ts. A re2c `'quoted'` string is
 * case-insensitive (`(?i:…)`), a `"quoted"` one is not. Rule ORDER is semantic: re2c takes the
 * longest match over all rules and, on a tie, the rule listed first.
 */
import { LongestMatch, type Spans } from './pattern.js';

const DEFINITIONS: readonly (readonly [string, string])[] = [
  ['any', '[\\x00-\\xff]'],
  ['nbsp', '\\xc2\\xa0'],
  ['nnbsp', '\\xe2\\x80\\xaf'],
  ['space', '(?:[ \\t]+|(?:{nbsp})+|(?:{nnbsp})+)'],
  ['frac', '\\.[0-9]+'],
  ['ago', '(?i:ago)'],
  ['hour24', '(?:[01]?[0-9]|2[0-4])'],
  ['hour24lz', '(?:[01][0-9]|2[0-4])'],
  ['hour12', '(?:0?[1-9]|1[0-2])'],
  ['minute', '(?:[0-5]?[0-9])'],
  ['minutelz', '(?:[0-5][0-9])'],
  ['second', '(?:{minute}|60)'],
  ['secondlz', '(?:{minutelz}|60)'],
  ['meridian', '(?:[AaPp]\\.?[Mm]\\.?)[\\x00\\t ]'],
  ['tz', '(?:\\(?[A-Za-z]{1,6}\\)?|[A-Z][a-z]+(?:[_/\\-][A-Za-z]+)+)'],
  ['tzcorrection', '(?:GMT)?[+\\-](?:(?:{hour24}(?::?{minute})?)|(?:{hour24lz}{minutelz}{secondlz})|(?:{hour24lz}:{minutelz}:{secondlz}))'],
  ['daysuf', '(?:st|nd|rd|th)'],
  ['month', '(?:0?[0-9]|1[0-2])'],
  ['day', '(?:(?:[0-2]?[0-9]|3[01]){daysuf}?)'],
  ['year', '[0-9]{1,4}'],
  ['year2', '[0-9]{2}'],
  ['year4', '[0-9]{4}'],
  ['year4withsign', '[+\\-]?[0-9]{4}'],
  ['yearx', '[+\\-][0-9]{5,19}'],
  ['dayofyear', '(?:00[1-9]|0[1-9][0-9]|[1-2][0-9][0-9]|3[0-5][0-9]|36[0-6])'],
  ['weekofyear', '(?:0[1-9]|[1-4][0-9]|5[0-3])'],
  ['monthlz', '(?:0[0-9]|1[0-2])'],
  ['daylz', '(?:0[0-9]|[1-2][0-9]|3[01])'],
  ['dayfulls', '(?i:sundays|mondays|tuesdays|wednesdays|thursdays|fridays|saturdays)'],
  ['dayfull', '(?i:sunday|monday|tuesday|wednesday|thursday|friday|saturday)'],
  ['dayabbr', '(?i:sun|mon|tue|wed|thu|fri|sat|sun)'],
  ['dayspecial', '(?i:weekday|weekdays)'],
  ['daytext', '(?:{dayfulls}|{dayfull}|{dayabbr}|{dayspecial})'],
  ['monthfull', '(?i:january|february|march|april|may|june|july|august|september|october|november|december)'],
  ['monthabbr', '(?i:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)'],
  ['monthroman', '(?:I|II|III|IV|V|VI|VII|VIII|IX|X|XI|XII)'],
  ['monthtext', '(?:{monthfull}|{monthabbr}|{monthroman})'],
  ['timetiny12', '{hour12}(?:{space})?{meridian}'],
  ['timeshort12', '{hour12}[:.]{minutelz}(?:{space})?{meridian}'],
  ['timelong12', '{hour12}[:.]{minute}[:.]{secondlz}(?:{space})?{meridian}'],
  ['timetiny24', '(?i:t){hour24}'],
  ['timeshort24', '(?i:t)?{hour24}[:.]{minute}'],
  ['timelong24', '(?i:t)?{hour24}[:.]{minute}[:.]{second}'],
  ['iso8601long', '(?i:t)?{hour24}[:.]{minute}[:.]{second}{frac}'],
  ['iso8601normtz', '(?i:t)?{hour24}[:.]{minute}[:.]{secondlz}(?:{space})?(?:{tzcorrection}|{tz})'],
  ['gnunocolon', '(?i:t)?{hour24lz}{minutelz}'],
  ['iso8601nocolon', '(?i:t)?{hour24lz}{minutelz}{secondlz}'],
  ['americanshort', '{month}/{day}'],
  ['american', '{month}/{day}/{year}'],
  ['iso8601dateslash', '{year4}/{monthlz}/{daylz}/?'],
  ['dateslash', '{year4}/{month}/{day}'],
  ['iso8601date4', '{year4withsign}-{monthlz}-{daylz}'],
  ['iso8601date2', '{year2}-{monthlz}-{daylz}'],
  ['iso8601datex', '{yearx}-{monthlz}-{daylz}'],
  ['gnudateshorter', '{year4}-{month}'],
  ['gnudateshort', '{year}-{month}-{day}'],
  ['pointeddate4', '{day}[.\\t\\-]{month}[.\\-]{year4}'],
  ['pointeddate2', '{day}[.\\t]{month}\\.{year2}'],
  ['datefull', '{day}[ \\t.\\-]*{monthtext}[ \\t.\\-]*{year}'],
  ['datenoday', '{monthtext}[ .\\t\\-]*{year4}'],
  ['datenodayrev', '{year4}[ .\\t\\-]*{monthtext}'],
  ['datetextual', '{monthtext}[ .\\t\\-]*{day}[,.stndrh\\t ]+{year}'],
  ['datenoyear', '{monthtext}[ .\\t\\-]*{day}(?:[,.stndrh\\t ]+|\\x00)'],
  ['datenoyearrev', '{day}[ .\\t\\-]*{monthtext}'],
  ['datenocolon', '{year4}{monthlz}{daylz}'],
  ['soap', '{year4}-{monthlz}-{daylz}T{hour24lz}:{minutelz}:{secondlz}{frac}(?:{tzcorrection})?'],
  ['xmlrpc', '{year4}{monthlz}{daylz}T{hour24}:{minutelz}:{secondlz}'],
  ['xmlrpcnocolon', '{year4}{monthlz}{daylz}(?i:t){hour24}{minutelz}{secondlz}'],
  ['wddx', '{year4}-{month}-{day}T{hour24}:{minute}:{second}'],
  ['pgydotd', '{year4}[.\\-]?{dayofyear}'],
  ['pgtextshort', '{monthabbr}-{daylz}-{year}'],
  ['pgtextreverse', '{year}-{monthabbr}-{daylz}'],
  ['mssqltime', '{hour12}:{minutelz}:{secondlz}[:.][0-9]+{meridian}'],
  ['isoweekday', '{year4}-?W{weekofyear}-?[0-7]'],
  ['isoweek', '{year4}-?W{weekofyear}'],
  ['exif', '{year4}:{monthlz}:{daylz} {hour24lz}:{minutelz}:{secondlz}'],
  ['firstdayof', '(?i:first day of)'],
  ['lastdayof', '(?i:last day of)'],
  ['backof', '(?i:back of ){hour24}(?:(?:{space})?{meridian})?'],
  ['frontof', '(?i:front of ){hour24}(?:(?:{space})?{meridian})?'],
  ['clf', '{day}/{monthabbr}/{year4}:{hour24lz}:{minutelz}:{secondlz}{space}{tzcorrection}'],
  ['timestamp', '@-?[0-9]+'],
  ['timestampms', '@-?[0-9]+\\.[0-9]{0,6}'],
  ['dateshortwithtimeshort12', '{datenoyear}{timeshort12}'],
  ['dateshortwithtimelong12', '{datenoyear}{timelong12}'],
  ['dateshortwithtimeshort', '{datenoyear}{timeshort24}'],
  ['dateshortwithtimelong', '{datenoyear}{timelong24}'],
  ['dateshortwithtimelongtz', '{datenoyear}{iso8601normtz}'],
  ['reltextnumber', '(?i:first|second|third|fourth|fifth|sixth|seventh|eight|eighth|ninth|tenth|eleventh|twelfth)'],
  ['reltexttext', '(?i:next|last|previous|this)'],
  // 'µs' and friends: re2c folds ASCII case only, so the µ (UTF-8 C2 B5) is literal.
  ['reltextunit', '(?:(?i:ms)|\\xc2\\xb5(?i:s)|(?:(?i:msec|millisecond)|\\xc2\\xb5(?i:sec)|(?i:microsecond|usec|sec|second|min|minute|hour|day|fortnight|forthnight|month|year))(?i:s)?|(?i:weeks)|{daytext})'],
  ['relnumber', '(?:[+\\-]*[ \\t]*[0-9]{1,13})'],
  ['relative', '{relnumber}(?:{space})?(?:{reltextunit}|(?i:week))'],
  ['relativetext', '(?:{reltextnumber}|{reltexttext}){space}{reltextunit}'],
  ['relativetextweek', '{reltexttext}{space}(?i:week)'],
  ['weekdayof', '(?:{reltextnumber}|{reltexttext}){space}(?:{dayfulls}|{dayfull}|{dayabbr}){space}(?i:of)'],
];

export type Rule =
  | 'yesterday' | 'now' | 'noon' | 'midnightToday' | 'tomorrow' | 'timestamp' | 'timestampMs' | 'firstLastDayOf' | 'backFrontOf'
  | 'weekdayOf' | 'time12' | 'mssqlTime' | 'time24' | 'gnuNoColon' | 'iso8601NoColon' | 'american' | 'isoDate4' | 'isoDate2' | 'isoDateX'
  | 'gnuDateShorter' | 'gnuDateShort' | 'dateFull' | 'pointedDate4' | 'pointedDate2' | 'dateNoDay' | 'dateNoDayRev' | 'dateTextual'
  | 'dateNoYearRev' | 'dateNoColon' | 'xmlRpc' | 'pgYdotd' | 'isoWeekDay' | 'isoWeek' | 'pgTextShort' | 'pgTextReverse' | 'clf' | 'year4'
  | 'ago' | 'dayText' | 'relativeTextWeek' | 'relativeText' | 'monthText' | 'tz' | 'dateShortWithTime12' | 'dateShortWithTime24'
  | 'relative' | 'dotComma' | 'space' | 'nulNewline' | 'any';

/** `[rule, alternatives]`: a definition name, or a raw pattern after `=`. In parse_date.re order. */
const RULES: readonly (readonly [Rule, readonly string[]])[] = [
  ['yesterday', ['=(?i:yesterday)']],
  ['now', ['=(?i:now)']],
  ['noon', ['=(?i:noon)']],
  ['midnightToday', ['=(?i:midnight)', '=(?i:today)']],
  ['tomorrow', ['=(?i:tomorrow)']],
  ['timestamp', ['timestamp']],
  ['timestampMs', ['timestampms']],
  ['firstLastDayOf', ['firstdayof', 'lastdayof']],
  ['backFrontOf', ['backof', 'frontof']],
  ['weekdayOf', ['weekdayof']],
  ['time12', ['timetiny12', 'timeshort12', 'timelong12']],
  ['mssqlTime', ['mssqltime']],
  ['time24', ['timetiny24', 'timeshort24', 'timelong24', 'iso8601long']],
  ['gnuNoColon', ['gnunocolon']],
  ['iso8601NoColon', ['iso8601nocolon']],
  ['american', ['americanshort', 'american']],
  ['isoDate4', ['iso8601date4', 'iso8601dateslash', 'dateslash']],
  ['isoDate2', ['iso8601date2']],
  ['isoDateX', ['iso8601datex']],
  ['gnuDateShorter', ['gnudateshorter']],
  ['gnuDateShort', ['gnudateshort']],
  ['dateFull', ['datefull']],
  ['pointedDate4', ['pointeddate4']],
  ['pointedDate2', ['pointeddate2']],
  ['dateNoDay', ['datenoday']],
  ['dateNoDayRev', ['datenodayrev']],
  ['dateTextual', ['datetextual', 'datenoyear']],
  ['dateNoYearRev', ['datenoyearrev']],
  ['dateNoColon', ['datenocolon']],
  ['xmlRpc', ['xmlrpc', 'xmlrpcnocolon', 'soap', 'wddx', 'exif']],
  ['pgYdotd', ['pgydotd']],
  ['isoWeekDay', ['isoweekday']],
  ['isoWeek', ['isoweek']],
  ['pgTextShort', ['pgtextshort']],
  ['pgTextReverse', ['pgtextreverse']],
  ['clf', ['clf']],
  ['year4', ['year4']],
  ['ago', ['ago']],
  ['dayText', ['daytext']],
  ['relativeTextWeek', ['relativetextweek']],
  ['relativeText', ['relativetext']],
  ['monthText', ['monthfull', 'monthabbr']],
  ['tz', ['tzcorrection', 'tz']],
  ['dateShortWithTime12', ['dateshortwithtimeshort12', 'dateshortwithtimelong12']],
  ['dateShortWithTime24', ['dateshortwithtimeshort', 'dateshortwithtimelong', 'dateshortwithtimelongtz']],
  ['relative', ['relative']],
  ['dotComma', ['=[.,]']],
  ['space', ['space']],
  ['nulNewline', ['=\\x00', '=\\n']],
  ['any', ['any']],
];

const definitions = new Map(DEFINITIONS);

/** Expands `{name}` references (a `{` before a digit is a quantifier and stays). */
function expand(src: string): string {
  return src.replace(/\{([a-z][a-z0-9]*)\}/g, (_, name: string) => {
    const def = definitions.get(name);
    if (def === undefined) throw new Error(`timelib grammar: unknown definition ${name}`);
    return `(?:${expand(def)})`;
  });
}

let scanner: LongestMatch | null = null;

/** re2c's choice at `pos`: the longest match over every rule, the earliest rule on a tie. */
export function longestMatch(buf: string, pos: number, spans: Spans): { rule: Rule; length: number } | null {
  scanner ??= new LongestMatch(RULES.map(([, alts]) => alts.map((a) => `(?:${a.startsWith('=') ? expand(a.slice(1)) : expand(`{${a}}`)})`).join('|')));
  const m = scanner.match(buf, pos, spans);
  return m && { rule: RULES[m.index]![0], length: m.length };
}
