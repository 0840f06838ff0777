import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes fields with commas, quotes and line breaks; empty for null', () => {
    expect(toCsv(['Day', 'Comment'], [['2026-03-01', 'Fine, thanks'], ['2026-03-02', 'He said "no"\nthen left'], ['2026-03-03', null]])).toBe(
      'Day,Comment\r\n2026-03-01,"Fine, thanks"\r\n2026-03-02,"He said ""no""\nthen left"\r\n2026-03-03,\r\n',
    );
  });
});
