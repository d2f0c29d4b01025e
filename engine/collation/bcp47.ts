/**
 * ICU locale ids → BCP 47 language tags for `Intl.Collator` (its own file so the collator
 * factory and the collation parser can both use it without importing each other).
 */

/** ICU keyword values for `@collation=…` and their BCP 47 `-u-co-` equivalents. */
const COLLATION_KEYWORDS: Readonly<Record<string, string>> = {
  phonebook: 'phonebk',
  traditional: 'trad',
  dictionary: 'dict',
  pinyin: 'pinyin',
  stroke: 'stroke',
  unihan: 'unihan',
  zhuyin: 'zhuyin',
  gb2312han: 'gb2312',
  big5han: 'big5han',
  search: 'search',
  standard: 'standard',
  eor: 'eor',
  compat: 'compat',
  emoji: 'emoji',
  reformed: 'reformed',
};

/** `en_US` → `en-US`; `de@collation=phonebook` → `de-u-co-phonebk`; `root` → `und`. */
export function toBcp47(locale: string): string {
  const [base = '', keywords] = locale.split('@', 2);
  let tag = base === 'root' ? 'und' : base.replace(/_/g, '-');
  if (keywords) {
    const m = /^collation=([a-z0-9]+)$/i.exec(keywords);
    const co = m ? COLLATION_KEYWORDS[m[1]!.toLowerCase()] : undefined;
    if (co) tag += `-u-co-${co}`;
  }
  return tag;
}
