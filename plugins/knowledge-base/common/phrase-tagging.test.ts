import { phraseText } from '../contract/common/knowledge/index';
import { linesToPhrases, plainPhrase, tagPhrase, tagWords, untagPart } from './phrase-tagging';
import { normaliseParameters, normalisePhrases } from './normalise';

describe('phrase tagging', () => {
  it('tags a selection with an entity; param name is the entity without @', () => {
    const phrase = tagPhrase(plainPhrase('renew passport at Woodlands'), 18, 27, '@branch');
    expect(phrase.parts).toEqual([
      { text: 'renew passport at ' },
      { text: 'Woodlands', entity_type: '@branch', param_name: 'branch', manual_tagged: true },
    ]);
    expect(phraseText(phrase)).toBe('renew passport at Woodlands');
  });

  it('trims spaces off the selection and replaces overlapping tags', () => {
    const once = tagPhrase(plainPhrase('flu jab on Friday morning'), 10, 18, '@sys.date');
    expect(once.parts[1]).toMatchObject({ text: 'Friday', entity_type: '@sys.date' });
    const twice = tagPhrase(once, 11, 25, '@sys.date-time');
    expect(twice.parts.filter((p) => p.entity_type).map((p) => [p.text, p.entity_type])).toEqual([['Friday morning', '@sys.date-time']]);
  });

  it('removes a tag and keeps the text; tags words by search', () => {
    const tagged = tagWords(plainPhrase('lost my NRIC today'), 'nric', '@document');
    expect(tagged.parts.map((p) => p.text)).toEqual(['lost my ', 'NRIC', ' today']);
    const untagged = untagPart(tagged, 1);
    expect(untagged.parts).toEqual([{ text: 'lost my NRIC today' }]);
    expect(tagWords(plainPhrase('hello'), 'absent', '@x').parts).toEqual([{ text: 'hello' }]);
  });

  it('quick add makes one phrase per line, skipping blanks and duplicates', () => {
    const phrases = linesToPhrases('How to renew?\n\n  how to renew?  \nRenewal fees\r\nexisting one', [plainPhrase('Existing one')]);
    expect(phrases.map(phraseText)).toEqual(['How to renew?', 'Renewal fees']);
  });
});

describe('normalise on save', () => {
  it('joins plain parts, drops empty parts and empty phrases', () => {
    const [phrase, ...rest] = normalisePhrases([
      { type: 'example', parts: [{ text: 'a ' }, { text: '' }, { text: 'b' }, { text: 'X', entity_type: '@e' }] },
      { type: 'template', parts: [{ text: '  ' }] },
    ]);
    expect(rest).toEqual([]);
    expect(phrase.parts).toEqual([{ text: 'a b' }, { text: 'X', entity_type: '@e', param_name: 'e', manual_tagged: true }]);
    expect(phrase.reference_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('strips parameter names to letters, digits, dash, underscore and refuses empty or duplicate names', () => {
    expect(normaliseParameters([{ display_name: 'flat type!' }]).value[0]).toMatchObject({ display_name: 'flattype', value: '$flattype', mandatory: false, is_list: false, prompts: [] });
    expect(normaliseParameters([{ display_name: '!!' }]).problem).toBe('Each parameter needs a name of letters, digits, dash or underscore');
    expect(normaliseParameters([{ display_name: 'a' }, { display_name: 'A' }]).problem).toBe('Two parameters have the same name');
  });
});
