import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { readHeaderRow } from '../src/xlsx/reader';
import { XlsxWriter } from '../src/xlsx/writer';

const folder = mkdtempSync(path.join(tmpdir(), 'cp-xlsx-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const columns = [{ header: '名称' }, { header: '数量' }];
const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

describe('xlsx writer', () => {
  it('continues on a new sheet, with the header again, when a sheet is full', async () => {
    const file = path.join(folder, 'sheets.xlsx');
    const writer = new XlsxWriter(file, columns, { sheetTitle: '车辆', rowsPerSheet: 3 });
    for (let i = 1; i <= 7; i++) writer.addRow([`车${i}`, i]);
    await writer.finish();
    const parts = unzipSync(readFileSync(file));
    expect(text(parts['xl/workbook.xml'])).toContain(
      '<sheet name="车辆" sheetId="1" r:id="rId1"/><sheet name="车辆2" sheetId="2" r:id="rId2"/>' +
        '<sheet name="车辆3" sheetId="3" r:id="rId3"/><sheet name="车辆4" sheetId="4" r:id="rId4"/>',
    );
    const sheets = [1, 2, 3, 4].map((n) => text(parts[`xl/worksheets/sheet${n}.xml`]));
    for (const sheet of sheets) expect(sheet).toContain('<t>名称</t>');
    expect(sheets.map((sheet) => [...sheet.matchAll(/>(车\d)</g)].map((m) => m[1]))).toEqual([
      ['车1', '车2'],
      ['车3', '车4'],
      ['车5', '车6'],
      ['车7'],
    ]);
    expect(text(parts['[Content_Types].xml'])).toContain('/xl/worksheets/sheet4.xml');
  });

  it('escapes markup, drops characters XML cannot carry, and keeps numbers as numbers', async () => {
    const file = path.join(folder, 'escape.xlsx');
    const writer = new XlsxWriter(file, columns);
    writer.addRow(['<b>"A&B"</b>\u0001', 12.5]);
    writer.addRow([null, Number.NaN]);
    await writer.finish();
    const sheet = text(unzipSync(readFileSync(file))['xl/worksheets/sheet1.xml']);
    expect(sheet).toContain('&lt;b&gt;&quot;A&amp;B&quot;&lt;/b&gt;</t>');
    expect(sheet).toContain('<c r="B2"><v>12.5</v></c>');
    expect(sheet).toContain('<row r="3"></row>');
  });
});

describe('xlsx header reader', () => {
  it('reads the header row of a file this writer made', async () => {
    const file = path.join(folder, 'own.xlsx');
    const writer = new XlsxWriter(file, columns);
    writer.addRow(['x', 1]);
    await writer.finish();
    expect(await readHeaderRow(file)).toEqual(['名称', '数量']);
  });

  it('reads shared strings and rich text, as Excel saves them', async () => {
    const file = path.join(folder, 'excel.xlsx');
    const sheet =
      '<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="s"><v>1</v></c></row>' +
      '<row r="2"><c r="A2" t="s"><v>2</v></c></row></sheetData></worksheet>';
    const shared =
      '<sst><si><t>财务编码</t></si><si><r><t>交易</t></r><r><rPr/><t>名称 &amp; 备注</t></r></si><si><t>x</t></si></sst>';
    writeFileSync(
      file,
      zipSync({
        '[Content_Types].xml': strToU8('<Types/>'),
        'xl/workbook.xml': strToU8('<workbook/>'),
        'xl/worksheets/sheet1.xml': strToU8(sheet),
        'xl/sharedStrings.xml': strToU8(shared),
      }),
    );
    expect(await readHeaderRow(file)).toEqual(['财务编码', '', '交易名称 & 备注']);
  });
});
