import { editDistance, extractEntities, fuzzyTolerance, type ExtractableEntity } from './entity-extractor';
import { checkRe2 } from '@civic/sdk/common/re2';

const city: ExtractableEntity = {
  display_name: 'city',
  kind: 'KIND_MAP',
  enable_fuzzy_extraction: false,
  entities: [
    { value: 'New York', synonyms: ['NYC', 'New York City', 'big apple'] },
    { value: 'Boston', synonyms: ['Beantown'] },
  ],
};
const color: ExtractableEntity = {
  display_name: 'color',
  kind: 'KIND_LIST',
  enable_fuzzy_extraction: false,
  entities: [{ value: 'red', synonyms: [] }, { value: 'dark red', synonyms: [] }, { value: 'blue', synonyms: [] }],
};
const caseNumber: ExtractableEntity = {
  display_name: 'case-number',
  kind: 'KIND_REGEXP',
  enable_fuzzy_extraction: false,
  entities: [{ value: 'CN-\\d{4}', synonyms: [] }],
};

describe('extractEntities', () => {
  it('maps a synonym to its reference value, ignoring case, with offsets into the text', () => {
    const text = 'I live in the big Apple now';
    const matches = extractEntities(text, [city]);
    expect(matches).toEqual([{ entity: '@city', value: 'New York', text: 'big Apple', start: 14, end: 23 }]);
    expect(text.slice(matches[0].start, matches[0].end)).toBe('big Apple');
  });

  it('matches the reference value itself and several values in text order', () => {
    expect(extractEntities('boston or nyc?', [city]).map((m) => [m.value, m.text])).toEqual([
      ['Boston', 'boston'],
      ['New York', 'nyc'],
    ]);
  });

  it('prefers the longest match: "New York City" over "New York"', () => {
    expect(extractEntities('Flights to New York City today', [city])).toEqual([
      { entity: '@city', value: 'New York', text: 'New York City', start: 11, end: 24 },
    ]);
  });

  it('needs whole words', () => {
    expect(extractEntities('bluetooth and reddish', [color])).toEqual([]);
    expect(extractEntities('red, blue.', [color]).map((m) => m.value)).toEqual(['red', 'blue']);
  });

  it('takes a list value as written and the longest of overlapping values', () => {
    expect(extractEntities('a dark red car', [color])).toEqual([{ entity: '@color', value: 'dark red', text: 'dark red', start: 2, end: 10 }]);
  });

  it('lets white space in a synonym match any run of white space', () => {
    expect(extractEntities('the big   apple', [city])[0]).toMatchObject({ value: 'New York', text: 'big   apple' });
  });

  it('runs RE2 patterns of a regexp entity and returns the matched text as value', () => {
    expect(extractEntities('about CN-1234 and CN-99', [caseNumber])).toEqual([
      { entity: '@case-number', value: 'CN-1234', text: 'CN-1234', start: 6, end: 13 },
    ]);
  });

  it('skips a pattern that is not RE2 (lookbehind) instead of throwing', () => {
    const bad: ExtractableEntity = { ...caseNumber, entities: [{ value: '(?<=x)y', synonyms: [] }, { value: '\\d+', synonyms: [] }] };
    expect(extractEntities('xy 42', [bad]).map((m) => m.text)).toEqual(['42']);
  });

  it('does not return empty regexp matches', () => {
    const optional: ExtractableEntity = { ...caseNumber, entities: [{ value: 'z*', synonyms: [] }] };
    expect(extractEntities('abc', [optional])).toEqual([]);
  });

  it('keeps non-overlapping matches of different entities and resolves overlaps by length', () => {
    const both = extractEntities('red case CN-1234 in NYC', [color, caseNumber, city]);
    expect(both.map((m) => `${m.entity}=${m.value}`)).toEqual(['@color=red', '@case-number=CN-1234', '@city=New York']);
    const word: ExtractableEntity = { display_name: 'word', kind: 'KIND_REGEXP', enable_fuzzy_extraction: false, entities: [{ value: '[a-z]+ [a-z]+', synonyms: [] }] };
    expect(extractEntities('dark red', [color, word])).toEqual([{ entity: '@color', value: 'dark red', text: 'dark red', start: 0, end: 8 }]);
  });

  it('finds misspellings only when fuzzy extraction is enabled', () => {
    expect(extractEntities('going to bostn', [city])).toEqual([]);
    const fuzzy = { ...city, enable_fuzzy_extraction: true };
    expect(extractEntities('going to bostn', [fuzzy])).toEqual([{ entity: '@city', value: 'Boston', text: 'bostn', start: 9, end: 14 }]);
    expect(extractEntities('the big aple', [fuzzy])[0]).toMatchObject({ value: 'New York', text: 'big aple' });
  });

  it('prefers an exact match over a fuzzy one of the same length, and never fuzzes short words', () => {
    const fuzzy: ExtractableEntity = {
      display_name: 'pet',
      kind: 'KIND_LIST',
      enable_fuzzy_extraction: true,
      entities: [{ value: 'cat', synonyms: [] }, { value: 'horse', synonyms: [] }, { value: 'house', synonyms: [] }],
    };
    expect(extractEntities('my cot', [fuzzy])).toEqual([]);
    expect(extractEntities('a house', [fuzzy])).toEqual([{ entity: '@pet', value: 'house', text: 'house', start: 2, end: 7 }]);
  });

  it('returns nothing for empty text or no entities', () => {
    expect(extractEntities('', [city])).toEqual([]);
    expect(extractEntities('New York', [])).toEqual([]);
  });

  it('keeps the @ of a name that already has it', () => {
    expect(extractEntities('blue', [{ ...color, display_name: '@color' }])[0].entity).toBe('@color');
  });
});

describe('edit distance and tolerance', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
  });
  it('allows no edit below 4 characters, one up to 7, two beyond', () => {
    expect([3, 4, 7, 8].map(fuzzyTolerance)).toEqual([0, 1, 1, 2]);
  });
});

describe('checkRe2', () => {
  it('accepts RE2 syntax', () => {
    expect(checkRe2('^CN-\\d{4}$')).toEqual({ ok: true });
    expect(checkRe2('(?i)[a-z]+')).toEqual({ ok: true });
  });
  it('rejects what RE2 does not support and says where', () => {
    expect(checkRe2('(?<=x)a')).toMatchObject({ ok: false, position: 0 });
    expect(checkRe2('ab(c')).toEqual({ ok: false, message: 'Invalid RE2 regular expression: missing closing )', position: 4 });
    expect(checkRe2('ab**')).toMatchObject({ ok: false, position: 2 });
    expect(checkRe2('abc\\')).toMatchObject({ ok: false, message: 'Invalid RE2 regular expression: trailing backslash at end of expression', position: 3 });
    expect(checkRe2('x{3,1}')).toMatchObject({ ok: false, position: 1 });
  });
});
