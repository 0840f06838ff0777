import { csvCell, csvLine } from './csv';

describe('csvCell', () => {
  it.each([
    ['=1+1', `"'=1+1"`],
    ['+44 20', `"'+44 20"`],
    ['-5', `"'-5"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tx', `"'\tx"`],
    ['\rx', `"'\rx"`],
    ['plain, "quoted"', '"plain, ""quoted"""'],
    ['a=b', '"a=b"'],
    ['', '""'],
  ])('%j → %s', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('writes numbers and empty values', () => {
    expect(csvCell(42)).toBe('"42"');
    expect(csvCell(-1)).toBe(`"'-1"`);
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
  });

  it('ends a line with CRLF', () => {
    expect(csvLine(['a', null, '=x'])).toBe(`"a","","'=x"\r\n`);
  });
});
