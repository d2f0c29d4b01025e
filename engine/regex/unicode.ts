/**
 * Unicode data the matcher needs, taken from the JavaScript runtime's own Unicode tables: simple
 * case folding (PCRE2 in UTF mode folds every character, with or without UCP) and the `\p{…}`
 * properties. JS `RegExp` is used here only on one code point at a time with a property name from
 * the fixed lists below, never with user pattern text.
 */

export type CharPred = (cp: number) => boolean;

const foldCache = new Map<number, number>();

/** Turkish dotless ı and dotted İ have no simple case partner in PCRE2's caseless sets. */
const NO_FOLD = new Set([0x130, 0x131]);

/** Simple case folding: the representative of `cp`'s caseless set. */
export function fold(cp: number): number {
  if (cp < 128) return cp >= 65 && cp <= 90 ? cp + 32 : cp;
  const hit = foldCache.get(cp);
  if (hit !== undefined) return hit;
  let out = cp;
  if (!NO_FOLD.has(cp)) {
    const s = String.fromCodePoint(cp);
    const upper = s.toUpperCase();
    const base = single(upper) ?? cp;
    const lower = single(String.fromCodePoint(base).toLowerCase());
    if (lower !== undefined && !NO_FOLD.has(lower)) out = lower;
    else {
      const direct = single(s.toLowerCase());
      if (direct !== undefined) out = direct;
    }
  }
  foldCache.set(cp, out);
  return out;
}

function single(s: string): number | undefined {
  const cp = s.codePointAt(0)!;
  return s.length === (cp > 0xffff ? 2 : 1) ? cp : undefined;
}

/** Every code point whose fold equals `cp`'s (used by classes and repeats under `i`). */
export function caseVariants(cp: number): number[] {
  const f = fold(cp);
  const out = new Set<number>([cp, f]);
  for (const s of [String.fromCodePoint(f).toUpperCase(), String.fromCodePoint(cp).toUpperCase()]) {
    const u = single(s);
    if (u !== undefined && fold(u) === f) out.add(u);
  }
  for (const extra of FOLD_EXTRAS[f] ?? []) out.add(extra);
  return [...out];
}

/** Members of PCRE2's caseless sets that upper/lower mapping alone does not reach. */
const FOLD_EXTRAS: Record<number, number[]> = {
  0x6b: [0x212a], // k K KELVIN SIGN
  0x73: [0x17f], // s S LONG S
  0xe5: [0x212b], // å Å ANGSTROM SIGN
  0x3c9: [0x2126], // ω Ω OHM SIGN
  0xdf: [0x1e9e], // ß ẞ
  0x3c3: [0x3c2], // σ ς Σ
  0x3b2: [0x3d0],
  0x3b5: [0x3f5],
  0x3b8: [0x3d1, 0x3f4],
  0x3b9: [0x345, 0x1fbe],
  0x3ba: [0x3f0],
  0x3bc: [0xb5],
  0x3c0: [0x3d6],
  0x3c1: [0x3f1],
  0x3c6: [0x3d5],
};

// --- properties ---------------------------------------------------------------------------------

const GENERAL_CATEGORIES = [
  'C',
  'Cc',
  'Cf',
  'Cn',
  'Co',
  'Cs',
  'L',
  'Ll',
  'Lm',
  'Lo',
  'Lt',
  'Lu',
  'M',
  'Mc',
  'Me',
  'Mn',
  'N',
  'Nd',
  'Nl',
  'No',
  'P',
  'Pc',
  'Pd',
  'Pe',
  'Pf',
  'Pi',
  'Po',
  'Ps',
  'S',
  'Sc',
  'Sk',
  'Sm',
  'So',
  'Z',
  'Zl',
  'Zp',
  'Zs',
];

const SCRIPTS = `Adlam Ahom Anatolian_Hieroglyphs Arabic Armenian Avestan Balinese Bamum Bassa_Vah Batak
Bengali Bhaiksuki Bopomofo Brahmi Braille Buginese Buhid Canadian_Aboriginal Carian
Caucasian_Albanian Chakma Cham Cherokee Chorasmian Common Coptic Cuneiform Cypriot Cypro_Minoan
Cyrillic Deseret Devanagari Dives_Akuru Dogra Duployan Egyptian_Hieroglyphs Elbasan Elymaic Ethiopic
Georgian Glagolitic Gothic Grantha Greek Gujarati Gunjala_Gondi Gurmukhi Han Hangul Hanifi_Rohingya
Hanunoo Hatran Hebrew Hiragana Imperial_Aramaic Inherited Inscriptional_Pahlavi
Inscriptional_Parthian Javanese Kaithi Kannada Katakana Kawi Kayah_Li Kharoshthi Khitan_Small_Script
Khmer Khojki Khudawadi Lao Latin Lepcha Limbu Linear_A Linear_B Lisu Lycian Lydian Mahajani Makasar
Malayalam Mandaic Manichaean Marchen Masaram_Gondi Medefaidrin Meetei_Mayek Mende_Kikakui
Meroitic_Cursive Meroitic_Hieroglyphs Miao Modi Mongolian Mro Multani Myanmar Nabataean Nag_Mundari
Nandinagari New_Tai_Lue Newa Nko Nushu Nyiakeng_Puachue_Hmong Ogham Ol_Chiki Old_Hungarian Old_Italic
Old_North_Arabian Old_Permic Old_Persian Old_Sogdian Old_South_Arabian Old_Turkic Old_Uyghur Oriya
Osage Osmanya Pahawh_Hmong Palmyrene Pau_Cin_Hau Phags_Pa Phoenician Psalter_Pahlavi Rejang Runic
Samaritan Saurashtra Sharada Shavian Siddham SignWriting Sinhala Sogdian Sora_Sompeng Soyombo
Sundanese Syloti_Nagri Syriac Tagalog Tagbanwa Tai_Le Tai_Tham Tai_Viet Takri Tamil Tangsa Tangut
Telugu Thaana Thai Tibetan Tifinagh Tirhuta Toto Ugaritic Vai Vithkuqi Wancho Warang_Citi Yezidi Yi
Zanabazar_Square Unknown`.split(/\s+/);

const BINARY = `ASCII ASCII_Hex_Digit Alphabetic Bidi_Control Bidi_Mirrored Case_Ignorable Cased
Changes_When_Casefolded Changes_When_Casemapped Changes_When_Lowercased Changes_When_Titlecased
Changes_When_Uppercased Dash Default_Ignorable_Code_Point Deprecated Diacritic Emoji
Emoji_Component Emoji_Modifier Emoji_Modifier_Base Emoji_Presentation Extended_Pictographic Extender
Grapheme_Base Grapheme_Extend Hex_Digit IDS_Binary_Operator IDS_Trinary_Operator ID_Continue
ID_Start Ideographic Join_Control Logical_Order_Exception Lowercase Math Noncharacter_Code_Point
Pattern_Syntax Pattern_White_Space Quotation_Mark Radical Regional_Indicator Sentence_Terminal
Soft_Dotted Terminal_Punctuation Unified_Ideograph Uppercase Variation_Selector White_Space
XID_Continue XID_Start`.split(/\s+/);

/** `\h`: PCRE2's horizontal space list (HSPACE_LIST), the same in every mode. */
export const isHSpace: CharPred = (cp) =>
  cp === 9 ||
  cp === 32 ||
  cp === 0xa0 ||
  cp === 0x1680 ||
  cp === 0x180e ||
  (cp >= 0x2000 && cp <= 0x200a) ||
  cp === 0x202f ||
  cp === 0x205f ||
  cp === 0x3000;

/** `\v`: PCRE2's vertical space list (VSPACE_LIST). */
export const isVSpace: CharPred = (cp) => (cp >= 10 && cp <= 13) || cp === 0x85 || cp === 0x2028 || cp === 0x2029;

/** PCRE2 matches property names loosely: case, spaces, hyphens and underscores do not count. */
function loose(name: string): string {
  return name.replace(/[\s_-]/g, '').toLowerCase();
}

function supported(expr: string): boolean {
  try {
    new RegExp(`\\p{${expr}}`, 'u');
    return true;
  } catch {
    return false;
  }
}

let tables: { gc: Map<string, string>; script: Map<string, string>; binary: Map<string, string> } | undefined;

function lookupTables(): NonNullable<typeof tables> {
  tables ??= {
    gc: new Map(GENERAL_CATEGORIES.map((g) => [loose(g), g])),
    script: new Map(SCRIPTS.filter((s) => supported(`Script=${s}`)).map((s) => [loose(s), s])),
    binary: new Map(BINARY.filter((b) => supported(b)).map((b) => [loose(b), b])),
  };
  return tables;
}

/** A predicate over one code point from a JS property expression (a fixed, validated name). */
function jsProperty(expr: string): CharPred {
  const re = new RegExp(`^\\p{${expr}}$`, 'u');
  const ascii = new Uint8Array(128);
  for (let c = 0; c < 128; c++) ascii[c] = re.test(String.fromCharCode(c)) ? 1 : 0;
  return (cp) => (cp < 128 ? ascii[cp] === 1 : re.test(String.fromCodePoint(cp)));
}

const propertyCache = new Map<string, CharPred>();

/**
 * The predicate for `\p{name}` (without negation), or undefined for a name PCRE2 does not know.
 * Script names match by Script_Extensions, as PCRE2 10.40+ does; `sc:`/`script:` use Script.
 */
export function unicodeProperty(name: string): CharPred | undefined {
  const key = loose(name);
  const hit = propertyCache.get(key);
  if (hit) return hit;
  const pred = buildProperty(key);
  if (pred) propertyCache.set(key, pred);
  return pred;
}

function buildProperty(key: string): CharPred | undefined {
  const t = lookupTables();
  switch (key) {
    case 'any':
      return () => true;
    case 'l&':
    case 'lc':
      return jsProperty('gc=LC');
    case 'xan':
      return jsPropertyUnion(['gc=L', 'gc=N']);
    case 'xwd': {
      const an = jsPropertyUnion(['gc=L', 'gc=N']);
      return (cp) => cp === 0x5f || an(cp);
    }
    case 'xps':
    case 'xsp': {
      // PCRE2's PT_SPACE/PT_PXSPACE: its horizontal and vertical space lists, then category Z.
      const z = jsProperty('gc=Z');
      return (cp) => isHSpace(cp) || isVSpace(cp) || z(cp);
    }
    case 'xuc':
      return (cp) => cp === 0x24 || cp === 0x40 || cp === 0x60 || (cp >= 0xa0 && (cp < 0xd800 || cp > 0xdfff));
  }
  const colon = key.indexOf(':');
  if (colon > 0) {
    const kind = key.slice(0, colon);
    const value = key.slice(colon + 1);
    if (kind === 'sc' || kind === 'script') {
      const s = t.script.get(value);
      return s ? jsProperty(`Script=${s}`) : undefined;
    }
    if (kind === 'scx' || kind === 'scriptextensions') {
      const s = t.script.get(value);
      return s ? jsProperty(`Script_Extensions=${s}`) : undefined;
    }
    if (kind === 'gc' || kind === 'generalcategory') {
      const g = t.gc.get(value);
      return g ? jsProperty(`gc=${g}`) : undefined;
    }
    return undefined;
  }
  const gc = t.gc.get(key);
  if (gc) return jsProperty(`gc=${gc}`);
  const script = t.script.get(key);
  if (script) return jsProperty(`Script_Extensions=${script}`);
  const binary = t.binary.get(key);
  if (binary) return jsProperty(binary);
  return undefined;
}

function jsPropertyUnion(exprs: string[]): CharPred {
  const preds = exprs.map(jsProperty);
  return (cp) => preds.some((p) => p(cp));
}
