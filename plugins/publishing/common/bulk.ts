/**
 * Bulk import of Q&A from a spreadsheet (CSV or XLSX): the columns and the per-row checks shown in
 * the preview and applied by the import job. Shared by both tiers (the server reads the file).
 */
export const BULK_COLUMNS = ['question', 'variants', 'answer', 'category', 'labels'] as const;
export type BulkColumn = (typeof BULK_COLUMNS)[number];

export const BULK_LIMITS = { maxRows: 20_000, maxBytes: 10 * 1024 * 1024, questionMax: 500, answerMax: 5_000 } as const;

/** §5 label names: A-Z a-z 0-9 _ - starting with a letter, max 100. */
export const LABEL_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,99}$/;

export const BulkMessages = {
  changedMeanwhile: 'The knowledge base changed while the file was being read. Nothing was imported; run the import again.',
  takenMeanwhile: 'Someone added a Q&A or intent of this name while the import was being written: it was left as they wrote it',
  deletedMeanwhile: 'Someone deleted this Q&A while the import was being written: it was not added again',
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

const splitList = (value: string, separators: RegExp) =>
  value
    .split(separators)
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * Checks rows one at a time (a file is read as a stream, never whole): built from the header row
 * (throws, with a message for the user, when it is unusable), then `check` for each further row in
 * file order. Variants are separated by new lines or `|`, labels by commas or `|`. Remembers only the
 * questions seen, to flag a question asked twice.
 */
export class BulkRowChecker {
  readonly #index: Record<BulkColumn, number>;
  readonly #firstRowOf = new Map<string, number>();
  /** Rows checked so far (the header not counted). */
  rows = 0;

  constructor(headerCells: string[]) {
    const header = headerCells.map((cell) => cell.trim().toLowerCase());
    if (!header.includes('question') && !header.includes('answer')) throw new Error(BulkMessages.noHeader);
    for (const column of ['question', 'answer'] as const) if (!header.includes(column)) throw new Error(BulkMessages.missingColumn(column));
    this.#index = Object.fromEntries(BULK_COLUMNS.map((column) => [column, header.indexOf(column)])) as Record<BulkColumn, number>;
  }

  check(raw: string[]): BulkRow {
    this.rows += 1;
    if (this.rows > BULK_LIMITS.maxRows) throw new Error(BulkMessages.tooManyRows(BULK_LIMITS.maxRows));
    const rowNumber = this.rows + 1;
    const cell = (column: BulkColumn) => (this.#index[column] >= 0 ? (raw[this.#index[column]] ?? '').trim() : '');
    const question = cell('question').replace(/\s+/g, ' ');
    const answer = cell('answer');
    const category = cell('category') || null;
    const labels = [...new Set(splitList(cell('labels'), /[,|]/))];
    const variants = [...new Set(splitList(cell('variants'), /\r?\n|\|/))].filter((v) => v.toLowerCase() !== question.toLowerCase());
    const errors: string[] = [];
    if (!question) errors.push(BulkMessages.questionRequired);
    if (question.length > BULK_LIMITS.questionMax) errors.push(BulkMessages.questionTooLong);
    if (!answer) errors.push(BulkMessages.answerRequired);
    if (answer.length > BULK_LIMITS.answerMax) errors.push(BulkMessages.answerTooLong);
    if (category && category.length > 100) errors.push(BulkMessages.categoryTooLong);
    for (const label of labels) if (!LABEL_NAME.test(label)) errors.push(BulkMessages.invalidLabel(label));
    if (question) {
      const key = question.toLowerCase();
      const first = this.#firstRowOf.get(key);
      if (first !== undefined) errors.push(BulkMessages.duplicateQuestion(first));
      else this.#firstRowOf.set(key, rowNumber);
    }
    return { row: rowNumber, question, variants, answer, category, labels, errors };
  }
}

/** Cells (header first) → rows with their problems (for small inputs held whole, e.g. generated pairs). */
export function toBulkRows(cells: string[][]): BulkRow[] {
  if (cells.length === 0) throw new Error(BulkMessages.emptyFile);
  if (cells.length - 1 > BULK_LIMITS.maxRows) throw new Error(BulkMessages.tooManyRows(BULK_LIMITS.maxRows));
  const checker = new BulkRowChecker(cells[0]);
  return cells.slice(1).map((raw) => checker.check(raw));
}

/** A cell as a spreadsheet export writes it: values that a spreadsheet would run as a formula are prefixed with '. */
export function safeCell(value: string): string {
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}
