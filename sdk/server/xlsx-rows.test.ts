import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deflatedEntry, qnaXlsx, rawZip, quadraticSheetXlsx, xlsxWithSheet } from '../../tests/support/hostile-files';
import { columnOf, readXlsxRowsSync, type XlsxLimits } from './xlsx-rows';

const LIMITS: XlsxLimits = { maxFiles: 100, maxUnpackedBytes: 8 * 1024 * 1024, maxRatio: 100, maxRows: 100, maxColumns: 10 };

test('rows of the first sheet: inline and shared strings, numbers, entities, gaps by reference, blank rows dropped', () => {
  const sheet =
    '<worksheet><sheetData>' +
    '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="inlineStr"><is><r><t>rich </t></r><r><t>text &amp; more</t></r></is></c></row>' +
    '<row r="2"><c r="B2"><v>42</v></c></row>' +
    '<row r="3"><c r="A3" t="inlineStr"><is><t>  </t></is></c></row>' +
    '<row r="4"><c r="A4" t="s"><v>1</v></c></row>' +
    '</sheetData></worksheet>';
  const shared = deflatedEntry('xl/sharedStrings.xml', '<sst><si><t>question</t></si><si><r><t>a&lt;</t></r><r><t>b</t></r></si></sst>');
  assert.deepEqual(readXlsxRowsSync(xlsxWithSheet(sheet, [shared]), LIMITS), [['question', '', 'rich text & more'], ['', '42'], ['a<b']]);
  assert.deepEqual(readXlsxRowsSync(qnaXlsx([['question', 'answer'], ['Q?', 'A.']]), LIMITS), [['question', 'answer'], ['Q?', 'A.']]);
});

test('the sheet that froze the regular-expression reader is refused as damaged XML', () => {
  assert.throws(() => readXlsxRowsSync(quadraticSheetXlsx(200), LIMITS), { name: 'XlsxReadError', kind: 'damaged' });
});

test('cells far to the right do not pad rows; references past Excel’s last column are not cells', () => {
  const sheet = '<worksheet><sheetData><row><c r="A1" t="inlineStr"><is><t>a</t></is></c><c r="XFD1" t="inlineStr"><is><t>far</t></is></c></row></sheetData></worksheet>';
  assert.deepEqual(readXlsxRowsSync(xlsxWithSheet(sheet), LIMITS), [['a']]);
  assert.equal(columnOf('XFD1'), 16_383);
  assert.equal(columnOf('XFE1'), -1);
  assert.equal(columnOf('ZZZZZZZZ1'), -1);
});

test('more rows than the limit, no workbook, no sheet and a DTD entity are refused', () => {
  const rows = Array.from({ length: 102 }, (_, i) => [`q${i}`]);
  assert.throws(() => readXlsxRowsSync(qnaXlsx(rows), LIMITS), { kind: 'too-many-rows' });
  assert.equal(readXlsxRowsSync(qnaXlsx(rows.slice(0, 101)), LIMITS).length, 101);
  assert.throws(() => readXlsxRowsSync(rawZip([deflatedEntry('word/document.xml', '<w/>')]), LIMITS), { kind: 'not-xlsx' });
  assert.throws(() => readXlsxRowsSync(rawZip([deflatedEntry('xl/workbook.xml', '<workbook/>')]), LIMITS), { kind: 'no-sheet' });
  const laughs = '<?xml version="1.0"?><!DOCTYPE w [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><worksheet><sheetData><row><c t="inlineStr"><is><t>&b;</t></is></c></row></sheetData></worksheet>';
  assert.throws(() => readXlsxRowsSync(xlsxWithSheet(laughs), LIMITS), { kind: 'damaged' });
});
