import { parseGlossaryCsv, toGlossaryCsv } from './glossary-csv';

describe('glossary CSV', () => {
  it('round-trips terms with commas, quotes and line breaks', () => {
    const terms = [
      { term: 'NRIC', synonyms: ['IC', 'identity card'], definition: 'National "registration", identity card' },
      { term: 'HDB', synonyms: [], definition: 'Line one\nline two' },
    ];
    expect(parseGlossaryCsv(toGlossaryCsv(terms))).toEqual({ terms, skipped: 0 });
  });

  it('skips the header and rows without a term; neutralises formula-like cells on export', () => {
    expect(parseGlossaryCsv('term,synonyms,definition\n,x,y\nCPF,central provident fund|cpf board,\n')).toEqual({
      terms: [{ term: 'CPF', synonyms: ['central provident fund', 'cpf board'], definition: '' }],
      skipped: 1,
    });
    const csv = toGlossaryCsv([{ term: '=cmd', synonyms: [], definition: '' }]);
    expect(csv).toContain("'=cmd");
    expect(parseGlossaryCsv(csv).terms[0].term).toBe('=cmd');
  });
});
