/**
 * Time-zone abbreviations as timelib's `abbr_search` answers them for the free-form parser: the
 * FIRST entry of each name in `timezonemap.h` (the server asks with no offset, so the first one
 * found wins), then the military letters. `utc` and `gmt` are UTC before the table is read.
 * [name, is DST, UTC offset in seconds].
 * Data: timelib's `timezonemap.h` (MIT licence, Derick Rethans), which timelib generates from the
 * IANA time zone database (public domain); the server vendors timelib in src/third_party/timelib.
 */
const ABBREVIATIONS: readonly (readonly [string, 0 | 1, number])[] = [
  ['acdt', 1, 37800], ['acst', 0, 34200], ['addt', 1, -7200], ['adt', 1, -10800], ['aedt', 1, 39600], ['aest', 0, 36000],
  ['ahdt', 1, -32400], ['ahst', 0, -36000], ['akdt', 1, -28800], ['akst', 0, -32400], ['amt', 0, -13840], ['apt', 1, -10800],
  ['ast', 0, -14400], ['awdt', 1, 32400], ['awst', 0, 28800], ['awt', 1, -10800], ['bdst', 1, 7200], ['bdt', 1, -36000],
  ['bmt', 0, -14309], ['bst', 1, 3600], ['cast', 0, 34200], ['cat', 0, 7200], ['cddt', 1, -14400], ['cdt', 1, -18000],
  ['cemt', 1, 10800], ['cest', 1, 7200], ['cet', 0, 3600], ['cmt', 0, -15408], ['cpt', 1, -18000], ['cst', 0, -21600],
  ['cwt', 1, -18000], ['chst', 0, 36000], ['dmt', 0, -1521], ['eat', 0, 10800], ['eddt', 1, -10800], ['edt', 1, -14400],
  ['eest', 1, 10800], ['eet', 0, 7200], ['emt', 0, -26248], ['ept', 1, -14400], ['est', 0, -18000], ['ewt', 1, -14400],
  ['ffmt', 0, -14660], ['fmt', 0, -4056], ['gdt', 1, 39600], ['gmt', 0, 0], ['gst', 0, 36000], ['hdt', 1, -34200],
  ['hkst', 1, 32400], ['hkt', 0, 28800], ['hmt', 0, -19776], ['hpt', 1, -34200], ['hst', 0, -36000], ['hwt', 1, -34200],
  ['iddt', 1, 14400], ['idt', 1, 10800], ['imt', 0, 25025], ['ist', 0, 7200], ['jdt', 1, 36000], ['jmt', 0, 8440],
  ['jst', 0, 32400], ['kdt', 1, 36000], ['kmt', 0, 5736], ['kst', 0, 30600], ['lst', 1, 9394], ['mddt', 1, -18000],
  ['mdst', 1, 16279], ['mdt', 1, -21600], ['mest', 1, 7200], ['met', 0, 3600], ['mmt', 0, 9017], ['mpt', 1, -21600],
  ['msd', 1, 14400], ['msk', 0, 10800], ['mst', 0, -25200], ['mwt', 1, -21600], ['nddt', 1, -5400], ['ndt', 1, -9052],
  ['npt', 1, -9000], ['nst', 0, -12600], ['nwt', 1, -9000], ['nzdt', 1, 46800], ['nzmt', 0, 41400], ['nzst', 0, 43200],
  ['pddt', 1, -21600], ['pdt', 1, -25200], ['pkst', 1, 21600], ['pkt', 0, 18000], ['plmt', 0, 25590], ['pmt', 0, -13236],
  ['ppmt', 0, -17340], ['ppt', 1, -25200], ['pst', 0, -28800], ['pwt', 1, -25200], ['qmt', 0, -18840], ['rmt', 0, 5794],
  ['sast', 0, 7200], ['sdmt', 0, -16800], ['sjmt', 0, -20173], ['smt', 0, -13884], ['sst', 0, -39600], ['tbmt', 0, 10751],
  ['tmt', 0, 12344], ['uct', 0, 0], ['utc', 0, 0], ['wast', 1, 7200], ['wat', 0, 3600], ['wemt', 1, 7200], ['west', 1, 3600],
  ['wet', 0, 0], ['wib', 0, 25200], ['wita', 0, 28800], ['wit', 0, 32400], ['wmt', 0, 5040], ['yddt', 1, -25200],
  ['ydt', 1, -28800], ['ypt', 1, -28800], ['yst', 0, -32400], ['ywt', 1, -28800],
  // Military zones A–I, K–M (east), N–Y (west), Z.
  ['a', 0, 3600], ['b', 0, 7200], ['c', 0, 10800], ['d', 0, 14400], ['e', 0, 18000], ['f', 0, 21600], ['g', 0, 25200],
  ['h', 0, 28800], ['i', 0, 32400], ['k', 0, 36000], ['l', 0, 39600], ['m', 0, 43200], ['n', 0, -3600], ['o', 0, -7200],
  ['p', 0, -10800], ['q', 0, -14400], ['r', 0, -18000], ['s', 0, -21600], ['t', 0, -25200], ['u', 0, -28800], ['v', 0, -32400],
  ['w', 0, -36000], ['x', 0, -39600], ['y', 0, -43200], ['z', 0, 0],
];

const byName = new Map(ABBREVIATIONS.map(([name, dst, offset]) => [name, { dst, offset }]));

/** `abbr_search(word, -1, 0)`: the abbreviation's DST flag and UTC offset (seconds), or null. */
export function abbreviation(word: string): { dst: 0 | 1; offset: number } | null {
  const w = word.toLowerCase();
  if (w === 'utc' || w === 'gmt') return { dst: 0, offset: 0 };
  return byName.get(w) ?? null;
}
