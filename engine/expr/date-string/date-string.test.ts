/**
 * The timelib port behind $dateFromString and $toDate of a string: messages and values as the
 * server gives them (timelib's positions and characters, the server's wrapper), relative forms,
 * and a property: every ISO-8601 string the server prints reads back as the same date.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getTimeZone, UTC } from '../timezone.js';
import { dateFromString } from './from-string.js';

const parse = (s: string, format?: string, tz = UTC): string => {
  try {
    return dateFromString(s, tz, format).toISOString();
  } catch (e) {
    return `${(e as { code: number }).code}: ${(e as Error).message}`;
  }
};

describe('free-form strings (timelib_strtotime)', () => {
  it('errors carry timelib position and character; warnings come after errors', () => {
    expect(parse('')).toBe("241: Error parsing date string ''; 0: Empty string '\0'");
    expect(parse('@@@')).toBe("241: Error parsing date string '@@@'; 0: Unexpected character '@'; 1: Unexpected character '@'; 2: Unexpected character '@'");
    expect(parse('2024-01-01T00:00:00+25:00')).toBe(
      "241: Error parsing date string '2024-01-01T00:00:00+25:00'; 22: Unexpected character ':'; 23: Unexpected character '0'; 24: Unexpected character '0'",
    );
    expect(parse('2024-01-01 23:59:60')).toBe("241: Error parsing date string '2024-01-01 23:59:60'; 20: The parsed time was invalid '\0'");
    expect(parse('2017-02-30')).toBe("241: Error parsing date string '2017-02-30'; 11: The parsed date was invalid '\0'");
  });
  it('a string missing a date part is incomplete; surrounding white space is trimmed', () => {
    for (const s of ['x', '12:00', '  ', 'Z', 'T', 'GMT', 'tomorrow']) {
      expect(parse(s)).toBe(`241: an incomplete date/time string has been found, with elements missing: "${s}"`);
    }
    expect(parse('  2017-07-04  ')).toBe('2017-07-04T00:00:00.000Z');
  });
  it('relative forms move the date (timelib_update_ts)', () => {
    expect(parse('2017-07-04 +1 day')).toBe('2017-07-05T00:00:00.000Z');
    expect(parse('2017-07-04 -2 weeks')).toBe('2017-06-20T00:00:00.000Z');
    expect(parse('next monday 2017-07-04')).toBe('2017-07-10T00:00:00.000Z');
    expect(parse('first day of July 2017')).toBe('2017-07-01T00:00:00.000Z');
    expect(parse('last day of February 2016')).toBe('2016-02-29T00:00:00.000Z');
    expect(parse('@1500000000')).toBe('2017-07-14T02:40:00.000Z');
    expect(parse('2017-W27-2')).toBe('2017-07-04T00:00:00.000Z');
  });
  it('other fixed forms: RFC 2822, compact ISO, US with am/pm, month and year', () => {
    expect(parse('Sat, 01 Jul 2017 10:00:00 GMT')).toBe('2017-07-01T10:00:00.000Z');
    expect(parse('20170704T101112')).toBe('2017-07-04T10:11:12.000Z');
    expect(parse('12/25/2017 3:04:05 PM')).toBe('2017-12-25T15:04:05.000Z');
    expect(parse('July 2017')).toBe('2017-07-01T00:00:00.000Z');
    expect(parse('-0001-01-01')).toBe('-000001-01-01T00:00:00.000Z');
  });
  it('an offset or abbreviation in the string with a non-UTC timezone argument is refused', () => {
    expect(parse('2017-07-04T10:00:00+02:00', undefined, getTimeZone('Europe/Paris'))).toBe(
      '241: you cannot pass in a date/time string with GMT offset together with a timezone argument',
    );
    expect(parse('2017-07-04T10:00:00 cest', undefined, getTimeZone('+01:00'))).toBe(
      "241: you cannot pass in a date/time string with time zone information ('CEST') together with a timezone argument",
    );
    expect(parse('2017-07-04T10:00:00+02:00', undefined, getTimeZone('+00:00'))).toBe('2017-07-04T08:00:00.000Z');
  });
  it('a long run of one character is read in linear time (every character an error)', () => {
    const out = parse('+'.repeat(50_000));
    expect(out.split('Unexpected character').length - 1).toBe(50_000);
  });
  it('property: the ISO string of any date from year 1 to 9999 reads back as that date', () => {
    fc.assert(
      fc.property(fc.integer({ min: -62135596800000, max: 253402300799999 }), (ms) => {
        const d = new Date(ms);
        expect(parse(d.toISOString())).toBe(d.toISOString());
      }),
      { numRuns: 300 },
    );
  });
});

describe('strings with a format (timelib_parse_from_format)', () => {
  it('every error is listed with its position; the ISO-week specifiers resolve to a date', () => {
    expect(parse('2024-01-15', '%Y/%m/%d')).toBe("241: Error parsing date string '2024-01-15'; 4: Format literal not found '-'; 7: Format literal not found '-'");
    expect(parse('abc', '%Y')).toBe("241: Error parsing date string 'abc'; 0: Unexpected data found. 'a'; 0: A four digit year could not be found 'a'");
    expect(parse('2017 W01 1', '%G W%V %u')).toBe('2017-01-02T00:00:00.000Z');
    expect(parse('2017 W54', '%G W%V')).toBe("241: Error parsing date string '2017 W54'; 6: ISO Week must be between 1 and 53 '5'");
  });
});
