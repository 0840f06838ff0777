import { BulkRowChecker, safeCell, toBulkRows } from './bulk';

describe('bulk import rows', () => {
  it('checks each row with the same messages the preview shows', () => {
    const rows = toBulkRows([
      ['Question', 'Answer', 'Labels', 'Variants'],
      ['Hours?', 'Nine to five', 'ok, 2bad', 'hours?|opening hours'],
      ['hours?', '', '', ''],
    ]);
    expect(rows[0]).toMatchObject({ row: 2, variants: ['opening hours'], labels: ['ok', '2bad'] });
    expect(rows[0].errors).toEqual(['Label "2bad" must start with a letter and use only letters, digits, _ and - (max 100)']);
    expect(rows[1].errors).toEqual(['The answer is required', 'The same question is on row 2']);
    expect(() => toBulkRows([['question'], ['x']])).toThrow('The column "answer" is missing');
  });

  it('checks a stream of rows one at a time, numbering them from the header', () => {
    const checker = new BulkRowChecker(['answer', 'question']);
    expect(checker.check(['Yes', 'Open?'])).toMatchObject({ row: 2, question: 'Open?', errors: [] });
    expect(checker.check(['', '  open? '])).toMatchObject({ row: 3, errors: ['The answer is required', 'The same question is on row 2'] });
    expect(checker.rows).toBe(2);
  });

  it('guards spreadsheet cells that would run as formulas', () => {
    expect(safeCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(safeCell('+1')).toBe("'+1");
    expect(safeCell('-1')).toBe("'-1");
    expect(safeCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(safeCell('plain')).toBe('plain');
  });
});
