import { phraseParts } from './knowledge-calls';

describe('phraseParts', () => {
  it('annotates the first occurrence of the tagged words, whatever their case', () => {
    expect(phraseParts('Can I collect at Woodlands tomorrow', { words: 'woodlands', entity: '@branch' })).toEqual([
      { text: 'Can I collect at ' },
      { text: 'Woodlands', entity_type: '@branch', manual_tagged: true },
      { text: ' tomorrow' },
    ]);
  });

  it('is the plain text without a tag, or when the words are not in it', () => {
    expect(phraseParts('renew passport')).toEqual([{ text: 'renew passport' }]);
    expect(phraseParts('renew passport', { words: 'Jurong', entity: '@branch' })).toEqual([{ text: 'renew passport' }]);
  });
});
