/**
 * Which locale ids the server's ICU 57.1 accepts for a collation, and the name it suggests for
 * the others (`collator_factory_icu.cpp` `validateLocaleID`): the server builds the ICU collator
 * for `icu::Locale::createFromName(locale)` and refuses the locale unless the collator's *valid
 * locale* (the collation data it really found, with a non-default `collation=` keyword) is
 * spelled exactly as requested. So `en_ZZ` falls back to `en`, `EN_US` canonicalises to `en_US`,
 * `en_US@calendar=islamic` drops its keyword and `xx` falls back to root: all refused, with
 * ". Did you mean 'en'?" unless the fallback is root.
 *
 * The data: the locales of ICU 57.1's collation tree (every one that
 * `collator_factory_icu_locales_test.cpp` builds, plus `root`) and the collation types each
 * defines (CLDR's collation/*.xml; ICU looks a type up through the locale's parents to root).
 */

/** The collation locales of ICU 57.1 (collator_factory_icu_locales_test.cpp). */
const ICU_COLLATION_LOCALES: ReadonlySet<string> = new Set(
  (
    'af am ar as az be bg bn bo bs bs_Cyrl ca chr cs cy da de de_AT dsb dz ee el en en_US en_US_POSIX ' +
    'eo es et fa fa_AF fi fil fo fr fr_CA ga gl gu ha haw he hi hr hsb hu hy id ig is it ja ka kk kl km ' +
    'kn ko kok ky lb lkt ln lo lt lv mk ml mn mr ms mt my nb ne nl nn om or pa pl ps pt ro ru se si sk sl ' +
    'smn sq sr sr_Latn sv sw ta te th to tr ug uk ur vi wae yi yo zh zh_Hant zu'
  ).split(' '),
);

/**
 * Collation types (other than `standard`) each locale of the tree defines, and its default type
 * when not `standard`. Root's `search` and `eor` are reachable from every locale.
 */
const COLLATION_TYPES: Readonly<Record<string, { readonly types: readonly string[]; readonly default?: string }>> = {
  root: { types: ['search', 'eor'] },
  ar: { types: ['compat'] },
  az: { types: ['search'] },
  bn: { types: ['traditional'] },
  bs: { types: ['search'] },
  ca: { types: ['search'] },
  cs: { types: ['search'] },
  da: { types: ['search'] },
  de: { types: ['eor', 'phonebook', 'search'] },
  de_AT: { types: ['phonebook'] },
  es: { types: ['search', 'traditional'] },
  fi: { types: ['search', 'traditional'] },
  fo: { types: ['search'] },
  gl: { types: ['search'] },
  he: { types: ['search'] },
  hr: { types: ['search'] },
  is: { types: ['search'] },
  ja: { types: ['unihan'] },
  kl: { types: ['search'] },
  kn: { types: ['traditional'] },
  ko: { types: ['search', 'searchjl', 'unihan'] },
  ln: { types: ['phonetic'] },
  se: { types: ['search'] },
  si: { types: ['dictionary'] },
  sk: { types: ['search'] },
  smn: { types: ['search'] },
  sr_Latn: { types: ['search'] },
  sv: { types: ['reformed', 'search'], default: 'reformed' },
  tr: { types: ['search'] },
  vi: { types: ['traditional'] },
  yi: { types: ['search'] },
  zh: { types: ['big5han', 'gb2312han', 'pinyin', 'stroke', 'unihan', 'zhuyin'], default: 'pinyin' },
  zh_Hant: { types: [], default: 'stroke' },
};

/** The locale's parents in ICU's collation tree, itself first, root last. */
function chain(locale: string): string[] {
  const out: string[] = [];
  const parts = locale.split('_');
  for (let n = parts.length; n > 0; n--) out.push(parts.slice(0, n).join('_'));
  out.push('root');
  return out;
}

function defaultType(locale: string): string {
  for (const l of chain(locale)) {
    const d = COLLATION_TYPES[l]?.default;
    if (d !== undefined) return d;
  }
  return 'standard';
}

function hasType(locale: string, type: string): boolean {
  if (type === 'standard') return true;
  return chain(locale).some((l) => COLLATION_TYPES[l]?.types.includes(type) === true);
}

/**
 * `uloc_getName`'s canonical spelling: `-` or `_` separators become `_`, the language is lower
 * case, a 4-letter script title case, the country and variants upper case; keywords (after `@`)
 * get lower-case names, are sorted by name, and lose empty or malformed entries.
 */
export function canonicalIcuLocale(locale: string): string {
  const at = locale.indexOf('@');
  const base = at < 0 ? locale : locale.slice(0, at);
  const parts = base.split(/[-_]/);
  const canon: string[] = [];
  let i = 0;
  canon.push((parts[i++] ?? '').toLowerCase());
  if (i < parts.length && /^[A-Za-z]{4}$/.test(parts[i]!)) {
    const s = parts[i++]!;
    canon.push(s[0]!.toUpperCase() + s.slice(1).toLowerCase());
  }
  while (i < parts.length) canon.push(parts[i++]!.toUpperCase());
  let name = canon.join('_');
  if (at >= 0) {
    const keywords = locale
      .slice(at + 1)
      .split(';')
      .map((kv) => kv.split('='))
      .filter((kv): kv is [string, string] => kv.length === 2 && kv[0]!.trim() !== '' && kv[1]!.trim() !== '')
      .map(([k, v]) => [k.trim().toLowerCase(), v.trim()] as const)
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    if (keywords.length > 0) name += '@' + keywords.map(([k, v]) => `${k}=${v}`).join(';');
  }
  return name;
}

/**
 * The collator's valid locale for a requested id: the longest ICU collation locale the
 * canonical name falls back to ("" for root, which the server never accepts), with `@collation=<type>` when the type exists
 * there and is not its default. Other keywords are not part of it.
 */
export function icuValidLocale(locale: string): string {
  const canon = canonicalIcuLocale(locale);
  const at = canon.indexOf('@');
  const base = at < 0 ? canon : canon.slice(0, at);
  const type = at < 0 ? undefined : /(?:^|;)collation=([^;]*)/.exec(canon.slice(at + 1))?.[1]?.toLowerCase();
  let found = '';
  const parts = base.split('_');
  for (let n = parts.length; n > 0; n--) {
    const candidate = parts.slice(0, n).join('_');
    if (ICU_COLLATION_LOCALES.has(candidate)) {
      found = candidate;
      break;
    }
  }
  // Root (a fallback, or asked for by name) is never a valid spelling: the server refuses it.
  if (found === '' || type === undefined || !hasType(found, type) || type === defaultType(found)) return found;
  return `${found}@collation=${type}`;
}

/** True when the server accepts the locale id exactly as written. */
export function isIcuCollationLocale(locale: string): boolean {
  return locale !== '' && icuValidLocale(locale) === locale;
}
