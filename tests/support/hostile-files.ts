/**
 * Hostile uploads, made on the spot (nothing big is committed): zips that lie about their sizes, a
 * sheet that was quadratic for the old regular-expression reader, a PDF whose content stream inflates
 * to far more than the file. Shared by the API tests and the benchmarks.
 */
import { constants, deflateRawSync } from 'node:zlib';

export interface RawZipEntry {
  name: string;
  /** Bytes as stored in the archive (raw deflate when `method` is 8). */
  stored: Uint8Array;
  method: 0 | 8;
  /** What the directory says the entry inflates to. */
  declaredSize: number;
}

/** A zip with exactly the headers given: sizes are whatever the entries declare, true or not. */
export function rawZip(entries: RawZipEntry[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.stored.length, 18);
    local.writeUInt32LE(entry.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(entry.stored.length, 20);
    central.writeUInt32LE(entry.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, Buffer.from(entry.stored));
    centrals.push(central, name);
    offset += 30 + name.length + entry.stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

/** An honest deflated entry. */
export function deflatedEntry(name: string, content: string | Uint8Array): RawZipEntry {
  const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  return { name, stored: deflateRawSync(data), method: 8, declaredSize: data.length };
}

/**
 * Raw deflate that inflates to `megabytes` MB of `fill` bytes while taking ~1 KB per MB: one flushed,
 * self-contained segment of 1 MB repeated, then an empty final block. Made in milliseconds.
 */
export function deflateBomb(megabytes: number, fill = 0x20): Uint8Array {
  const segment = deflateRawSync(Buffer.alloc(1024 * 1024, fill), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const finalBlock = Buffer.from([0x03, 0x00]);
  const out = Buffer.alloc(segment.length * megabytes + finalBlock.length);
  for (let i = 0; i < megabytes; i += 1) segment.copy(out, i * segment.length);
  finalBlock.copy(out, segment.length * megabytes);
  return new Uint8Array(out);
}

/** A zip of one entry declaring `declaredBytes` but inflating to `realMegabytes` MB (the 1 MB / 1 GB bomb of the audit). */
export function lyingZip(declaredBytes: number, realMegabytes: number, name = 'agent.json'): Uint8Array {
  return rawZip([{ name, stored: deflateBomb(realMegabytes), method: 8, declaredSize: declaredBytes }]);
}

const WORKBOOK = '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="Q" sheetId="1"/></sheets></workbook>';

/** An XLSX (as a zip) with the given first sheet XML. */
export function xlsxWithSheet(sheetXml: string, extra: RawZipEntry[] = []): Uint8Array {
  return rawZip([deflatedEntry('xl/workbook.xml', WORKBOOK), deflatedEntry('xl/worksheets/sheet1.xml', sheetXml), ...extra]);
}

/** A well-formed little Q&A workbook (inline strings), for the happy path. */
export function qnaXlsx(rows: string[][]): Uint8Array {
  const cell = (text: string, column: number, row: number) =>
    `<c r="${String.fromCharCode(65 + column)}${row}" t="inlineStr"><is><t>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</t></is></c>`;
  const body = rows.map((cells, r) => `<row r="${r + 1}">${cells.map((text, c) => cell(text, c, r + 1)).join('')}</row>`).join('');
  return xlsxWithSheet(`<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`);
}

/**
 * The sheet that froze the old reader: `kilobytes` KB of `<row><c>` opened and never closed, each one
 * a fresh start for a lazy regular expression that then scans to the end of the file.
 */
export function quadraticSheetXlsx(kilobytes: number): Uint8Array {
  const unit = '<row><c t="inlineStr"><is><t>x';
  return xlsxWithSheet(`<worksheet><sheetData>${unit.repeat(Math.ceil((kilobytes * 1024) / unit.length))}`);
}

/**
 * A one-page PDF whose content stream is `megabytes` MB of spaces deflated (~1 KB per MB): PDF.js
 * inflates the whole stream before it reads a word of it.
 */
export function pdfBomb(megabytes: number): Uint8Array {
  const stream = Buffer.concat([Buffer.from([0x78, 0x9c]), Buffer.from(deflateBomb(megabytes, 0x20))]);
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (chunk: Buffer | string) => {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
    parts.push(buffer);
    length += buffer.length;
  };
  const object = (n: number, body: Buffer | string, after = '') => {
    offsets[n] = length;
    push(`${n} 0 obj\n`);
    push(body);
    push(`${after}\nendobj\n`);
  };
  push('%PDF-1.4\n');
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << >> >>');
  offsets[4] = length;
  push(`4 0 obj\n<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`);
  push(stream);
  push('\nendstream\nendobj\n');
  const xref = length;
  push(`xref\n0 5\n0000000000 65535 f \n${[1, 2, 3, 4].map((n) => `${String(offsets[n]).padStart(10, '0')} 00000 n \n`).join('')}`);
  push(`trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return new Uint8Array(Buffer.concat(parts));
}
