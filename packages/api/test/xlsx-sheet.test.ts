import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { sheetDateTime } from '../src/xlsx/cells';
import { readHeaderRow, readSheetRows } from '../src/xlsx/reader';
import { XlsxWriter } from '../src/xlsx/writer';

const folder = mkdtempSync(path.join(tmpdir(), 'cp-xlsx-sheet-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A workbook as Excel saves it: shared strings after the sheet, cells addressed by reference. */
function excelFile(name: string, sheetData: string, shared: string[]) {
  const file = path.join(folder, name);
  const items = shared.map((text) =>
    text === '' ? '<si/>' : text.startsWith('<') ? `<si>${text}</si>` : `<si><t>${text}</t></si>`,
  );
  writeFileSync(
    file,
    zipSync({
      '[Content_Types].xml': strToU8('<Types/>'),
      'xl/workbook.xml': strToU8('<workbook/>'),
      'xl/worksheets/sheet1.xml': strToU8(`<worksheet><sheetData>${sheetData}</sheetData></worksheet>`),
      'xl/sharedStrings.xml': strToU8(`<sst>${items.join('')}</sst>`),
    }),
  );
  return file;
}

describe('sheet rows', () => {
  it('resolves shared and inline strings, keeps blank cells in place and skips empty rows with their numbers', async () => {
    const file = excelFile(
      'excel.xlsx',
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>2</v></c></row>' +
        '<row r="2" spans="1:4" s="1" customFormat="1"/>' +
        '<row r="3"><c r="A3" s="2"/><c r="B3" t="s"><v>1</v></c></row>' +
        '<row r="4"><c r="C4" t="inlineStr"><is><t> 京A12345 </t></is></c><c r="D4"><v>46327.354166666664</v></c></row>' +
        '<row r="5"><c r="A5" t="s"><v>3</v></c></row>',
      ['车牌号', '', '<r><t>违章</t></r><r><t>时间</t></r><rPh sb="0" eb="2"><t>イハン</t></rPh>', '  '],
    );
    const { rows, more } = await readSheetRows(file, { maxRows: 10 });
    expect(more).toBe(false);
    expect(rows).toEqual([
      { row: 1, cells: ['车牌号', '违章时间'] },
      { row: 4, cells: ['', '', '京A12345', '46327.354166666664'] },
    ]);
    expect(await readHeaderRow(file)).toEqual(['车牌号', '违章时间']);
  });

  it('stops past maxRows and says there is more', async () => {
    const file = path.join(folder, 'many.xlsx');
    const writer = new XlsxWriter(file, [{ header: '序号' }]);
    for (let i = 1; i <= 50; i++) writer.addRow([i]);
    await writer.finish();
    const { rows, more } = await readSheetRows(file, { maxRows: 11 });
    expect(more).toBe(true);
    expect(rows.map((row) => row.cells[0])).toEqual(['序号', ...Array.from({ length: 10 }, (_, i) => String(i + 1))]);
    expect((await readSheetRows(file, { maxRows: 51 })).more).toBe(false);
  });

  it('refuses a sheet that inflates past the limit, and a workbook without a first sheet', async () => {
    const file = excelFile(
      'wide.xlsx',
      `<row r="1"><c r="A1" t="inlineStr"><is><t>${'x'.repeat(5000)}</t></is></c></row>`,
      [],
    );
    await expect(readSheetRows(file, { maxRows: 5, maxBytes: 1000 })).rejects.toThrow(/解压后超过 1000 字节/);
    const empty = path.join(folder, 'no-sheet.xlsx');
    writeFileSync(empty, zipSync({ 'xl/workbook.xml': strToU8('<workbook/>') }));
    await expect(readSheetRows(empty, { maxRows: 5 })).rejects.toThrow();
  });
});

describe('sheet date-times (China time)', () => {
  const at = (iso: string) => new Date(iso).getTime();

  it('reads Excel serials, rounding their noise to the second', () => {
    expect(sheetDateTime('46327.354166666664')?.getTime()).toBe(at('2026-11-01T08:30:00+08:00'));
    expect(sheetDateTime('46327')?.getTime()).toBe(at('2026-11-01T00:00:00+08:00'));
  });

  it('reads the usual ways of writing a time', () => {
    for (const text of ['2026-11-01 08:30', '2026/11/1 8:30', '2026-11-01 08:30:00', '2026.11.01 08:30']) {
      expect(sheetDateTime(text)?.getTime()).toBe(at('2026-11-01T08:30:00+08:00'));
    }
    expect(sheetDateTime('2026-11-01')?.getTime()).toBe(at('2026-11-01T00:00:00+08:00'));
  });

  it('refuses days and times that do not exist, and other text', () => {
    for (const text of [
      '2026-02-30 08:00',
      '2026-13-01 08:00',
      '2026-11-01 24:00',
      '2026-11-01 08:60',
      '昨天',
      '0',
      '',
    ]) {
      expect(sheetDateTime(text)).toBeNull();
    }
  });
});

describe('which sheet is read', () => {
  const sheet = (cells: string[]) =>
    strToU8(
      `<worksheet><sheetData><row r="1">${cells
        .map((text, index) => `<c r="${String.fromCharCode(65 + index)}1" t="inlineStr"><is><t>${text}</t></is></c>`)
        .join('')}</row></sheetData></worksheet>`,
    );
  /** Two tabs stored as sheet1.xml (说明) and sheet2.xml (导入), listed in the workbook as `order` says. */
  function twoTabs(name: string, workbookSheets: string) {
    const file = path.join(folder, name);
    writeFileSync(
      file,
      zipSync({
        '[Content_Types].xml': strToU8('<Types/>'),
        'xl/workbook.xml': strToU8(
          `<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${workbookSheets}</sheets></workbook>`,
        ),
        'xl/_rels/workbook.xml.rels': strToU8(
          '<Relationships><Relationship Id="rId1" Type="worksheet" Target="worksheets/sheet1.xml"/>' +
            '<Relationship Id="rId2" Type="worksheet" Target="/xl/worksheets/sheet2.xml"/></Relationships>',
        ),
        'xl/worksheets/sheet1.xml': sheet(['填写说明']),
        'xl/worksheets/sheet2.xml': sheet(['车牌号', '违章时间']),
      }),
    );
    return file;
  }

  it('reads the first tab the user sees, wherever the workbook stores it', async () => {
    const reordered = twoTabs(
      'reordered.xlsx',
      '<sheet name="导入" sheetId="2" r:id="rId2"/><sheet name="说明" sheetId="1" r:id="rId1"/>',
    );
    expect(await readHeaderRow(reordered)).toEqual(['车牌号', '违章时间']);
    expect((await readSheetRows(reordered, { maxRows: 10 })).rows).toEqual([{ row: 1, cells: ['车牌号', '违章时间'] }]);
  });

  it('passes over a hidden first tab', async () => {
    const hidden = twoTabs(
      'hidden.xlsx',
      '<sheet name="说明" sheetId="1" state="hidden" r:id="rId1"/><sheet name="导入" sheetId="2" r:id="rId2"/>',
    );
    expect(await readHeaderRow(hidden)).toEqual(['车牌号', '违章时间']);
  });

  it('reads sheet1.xml when the tabs are in their stored order', async () => {
    const plain = twoTabs(
      'plain.xlsx',
      '<sheet name="说明" sheetId="1" r:id="rId1"/><sheet name="导入" sheetId="2" r:id="rId2"/>',
    );
    expect(await readHeaderRow(plain)).toEqual(['填写说明']);
  });
});
