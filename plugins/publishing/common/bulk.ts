/**
 * Bulk import of Q&A from a spreadsheet (CSV or XLSX): the columns, the parsing of CSV, and the
 * per-row checks shown in the preview and applied by the import job. Shared by both tiers.
 */
export const BULK_COLUMNS = ['question', 'variants', 'answer', 'category', 'labels'] as const;
export type BulkColumn = (typeof BULK_COLUMNS)[number];

export const BULK_LIMITS = { maxRows: 20_000, maxBytes: 10 * 1024 * 1024, questionMax: 500, answerMax: 5_000 } as const;

/** §5 label names: A-Z a-z 0-9 _ - starting with a letter, max 100. */
export const LABEL_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,99}$/;

export const BulkMessages = {
  noHeader: 'The first row must name the columns: question, variants, answer, category, labels',
  missingColumn: (column: string) => `The column "${column}" is missing`,
  tooManyRows: (max: number) => `The file has more than ${max.toLocaleString('en')} rows`,
  questionRequired: 'The question is required',
  answerRequired: 'The answer is required',
  questionTooLong: `The question can be at most ${BULK_LIMITS.questionMax} characters`,
  answerTooLong: `The answer can be at most ${BULK_LIMITS.answerMax.toLocaleString('en')} characters`,
  duplicateQuestion: (row: number) => `The same question is on row ${row}`,
  invalidLabel: (label: string) => `Label "${label}" must start with a letter and use only letters, digits, _ and - (max 100)`,
  categoryTooLong: 'The category can be at most 100 characters',
  notText: 'The file is not a CSV text file or an XLSX workbook (checked by its content)',
  unclosedQuote: (row: number) => `Row ${row} has a quote that is never closed`,
  emptyFile: 'The file has no rows',
} as const;

export interface BulkRow {
  /** 1-based row number in the file (the header is row 1). */
  row: number;
  question: string;
  variants: string[];
  answer: string;
  category: string | null;
  labels: string[];
  errors: string[];
}

/** RFC 4180 CSV (commas, quotes doubled inside quoted fields, CRLF or LF); a BOM is dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let quoteStartRow = 0;
  for (; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 1;
        } else quoted = false;
      } else field += c;
      continue;
    }
    if (c === '"' && field === '') {
      quoted = true;
      quoteStartRow = rows.length + 1;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (quoted) throw new Error(BulkMessages.unclosedQuote(quoteStartRow));
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}

const splitList = (value: string, separators: RegExp) =>
  value
    .split(separators)
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * Cells (header first) → rows with their problems. Variants are separated by new lines or `|`,
 * labels by commas or `|`. Throws (with a message for the user) when the header is unusable.
 */
export function toBulkRows(cells: string[][]): BulkRow[] {
  if (cells.length === 0) throw new Error(BulkMessages.emptyFile);
  const header = cells[0].map((cell) => cell.trim().toLowerCase());
  if (!header.includes('question') && !header.includes('answer')) throw new Error(BulkMessages.noHeader);
  for (const column of ['question', 'answer'] as const) if (!header.includes(column)) throw new Error(BulkMessages.missingColumn(column));
  if (cells.length - 1 > BULK_LIMITS.maxRows) throw new Error(BulkMessages.tooManyRows(BULK_LIMITS.maxRows));
  const index = Object.fromEntries(BULK_COLUMNS.map((column) => [column, header.indexOf(column)])) as Record<BulkColumn, number>;
  const cell = (row: string[], column: BulkColumn) => (index[column] >= 0 ? (row[index[column]] ?? '').trim() : '');
  const firstRowOf = new Map<string, number>();
  return cells.slice(1).map((raw, i) => {
    const rowNumber = i + 2;
    const question = cell(raw, 'question').replace(/\s+/g, ' ');
    const answer = cell(raw, 'answer');
    const category = cell(raw, 'category') || null;
    const labels = [...new Set(splitList(cell(raw, 'labels'), /[,|]/))];
    const variants = [...new Set(splitList(cell(raw, 'variants'), /\r?\n|\|/))].filter((v) => v.toLowerCase() !== question.toLowerCase());
    const errors: string[] = [];
    if (!question) errors.push(BulkMessages.questionRequired);
    if (question.length > BULK_LIMITS.questionMax) errors.push(BulkMessages.questionTooLong);
    if (!answer) errors.push(BulkMessages.answerRequired);
    if (answer.length > BULK_LIMITS.answerMax) errors.push(BulkMessages.answerTooLong);
    if (category && category.length > 100) errors.push(BulkMessages.categoryTooLong);
    for (const label of labels) if (!LABEL_NAME.test(label)) errors.push(BulkMessages.invalidLabel(label));
    if (question) {
      const key = question.toLowerCase();
      const first = firstRowOf.get(key);
      if (first !== undefined) errors.push(BulkMessages.duplicateQuestion(first));
      else firstRowOf.set(key, rowNumber);
    }
    return { row: rowNumber, question, variants, answer, category, labels, errors };
  });
}

/** A cell as a spreadsheet export writes it: values that a spreadsheet would run as a formula are prefixed with '. */
export function safeCell(value: string): string {
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}
