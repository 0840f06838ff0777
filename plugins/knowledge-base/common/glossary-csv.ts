/** Glossary CSV: `term,synonyms,definition`, synonyms separated by `|`; RFC 4180 quoting. */
export interface CsvTerm {
  term: string;
  synonyms: string[];
  definition: string;
}

const HEADER = ['term', 'synonyms', 'definition'];

/** Cells a spreadsheet would run as a formula get a leading apostrophe (removed again on import). */
function quote(raw: string): string {
  const value = /^[=+\-@]/.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function unescapeFormula(value: string): string {
  return /^'[=+\-@]/.test(value) ? value.slice(1) : value;
}

export function toGlossaryCsv(terms: readonly CsvTerm[]): string {
  const lines = [HEADER.join(',')];
  for (const t of terms) lines.push([t.term, t.synonyms.join('|'), t.definition].map(quote).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

function parseRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
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
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}

/** Terms of a CSV file; a first row naming the columns is skipped. Rows without a term are reported. */
export function parseGlossaryCsv(text: string): { terms: CsvTerm[]; skipped: number } {
  const rows = parseRows(text.replace(/^\uFEFF/, ''));
  if (rows[0] && rows[0][0]?.trim().toLowerCase() === 'term') rows.shift();
  const terms: CsvTerm[] = [];
  let skipped = 0;
  for (const [rawTerm = '', rawSynonyms = '', rawDefinition = ''] of rows) {
    const [term, synonyms, definition] = [rawTerm, rawSynonyms, rawDefinition].map(unescapeFormula);
    if (term.trim() === '') {
      skipped += 1;
      continue;
    }
    terms.push({ term: term.trim(), synonyms: synonyms.split('|').map((s) => s.trim()).filter(Boolean), definition: definition.trim() });
  }
  return { terms, skipped };
}
