import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { column } from '../src/exports/columns';
import { resourceExportColumns } from '../src/exports/resource';
import { sheetDateTime } from '../src/xlsx/cells';
import { readSheetRows } from '../src/xlsx/reader';
import { type CellValue, type SheetColumn, XlsxWriter } from '../src/xlsx/writer';
import { fixtureResource } from './kit/fixture';

const folder = mkdtempSync(path.join(tmpdir(), 'cp-xlsx-writer-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let files = 0;
async function write(columns: readonly SheetColumn[], rows: readonly (readonly CellValue[])[], options = {}) {
  const file = path.join(folder, `w${++files}.xlsx`);
  const writer = new XlsxWriter(file, columns, options);
  for (const row of rows) writer.addRow(row);
  await writer.finish();
  return { file, parts: unzipSync(readFileSync(file)) };
}
const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

describe('where a sheet ends', () => {
  it('splits only where the sheet’s UTF-8 bytes would pass the limit: a Chinese character is 3 bytes, a letter 1', async () => {
    const limit = 20_000;
    const rows = [
      ...Array.from({ length: 40 }, (_, i) => [`${i}`.padStart(3, '0'), '京'.repeat(100)]),
      ...Array.from({ length: 40 }, (_, i) => [`${i + 40}`.padStart(3, '0'), 'j'.repeat(300)]),
    ];
    const { parts } = await write([{ header: '序号' }, { header: '内容' }], rows, { maxSheetBytes: limit });
    const sheets = Object.keys(parts)
      .filter((name) => name.startsWith('xl/worksheets/'))
      .sort((a, b) => a.length - b.length || a.localeCompare(b))
      .map((name) => parts[name] as Uint8Array);
    expect(sheets.length).toBeGreaterThan(1);
    const rowsOf = (sheet: Uint8Array) => [...text(sheet).matchAll(/<row r="(\d+)">.*?<\/row>/g)].slice(1);
    for (const [i, sheet] of sheets.entries()) {
      expect(sheet.length).toBeLessThanOrEqual(limit);
      const next = sheets[i + 1];
      if (!next) continue;
      // The first row of the next sheet would not have fitted (its number differs by a few digits at most).
      const first = rowsOf(next)[0]?.[0] ?? '';
      expect(sheet.length + Buffer.byteLength(first) - 8).toBeGreaterThan(limit);
    }
    // Every row once, in order, each sheet starting again at row 2 under its header.
    const written = sheets.flatMap((sheet) => rowsOf(sheet).map((match) => /<t[^>]*>(\d{3})</.exec(match[0])?.[1]));
    expect(written).toEqual(rows.map((row) => row[0]));
    for (const sheet of sheets) expect(rowsOf(sheet)[0]?.[1]).toBe('2');
  });
});

describe('date cells', () => {
  const columns: SheetColumn[] = [
    { header: '日期', kind: 'date' },
    { header: '时间', kind: 'dateTime' },
    { header: '备注' },
  ];

  it('writes dates and date-times as serial days with a date format, so Excel sorts and filters them as dates', async () => {
    const { file, parts } = await write(columns, [
      ['2026-01-02', '2026-01-02 08:30:00', '2026-01-02'],
      ['2026-02-30', '昨天', null],
      ['1899-12-31', '', ''],
    ]);
    const sheet = text(parts['xl/worksheets/sheet1.xml']);
    expect(sheet).toContain('<c r="A2" s="2"><v>46024</v></c>');
    const serial = Number(/<c r="B2" s="3"><v>([\d.]+)<\/v><\/c>/.exec(sheet)?.[1]);
    expect(serial).toBeCloseTo(46024 + 8.5 / 24, 9);
    // Text in a column that is not a date stays text; what is no date stays text too.
    expect(sheet).toContain('<c r="C2" t="inlineStr"><is><t xml:space="preserve">2026-01-02</t></is></c>');
    expect(sheet).toContain('<c r="A3" t="inlineStr"><is><t xml:space="preserve">2026-02-30</t></is></c>');
    expect(sheet).toContain('<c r="B3" t="inlineStr"><is><t xml:space="preserve">昨天</t></is></c>');
    expect(sheet).toContain('<c r="A4" t="inlineStr"><is><t xml:space="preserve">1899-12-31</t></is></c>');

    const styles = text(parts['xl/styles.xml']);
    expect(styles).toContain('<numFmt numFmtId="164" formatCode="yyyy-mm-dd"/>');
    expect(styles).toContain('<numFmt numFmtId="165" formatCode="yyyy-mm-dd hh:mm:ss"/>');
    const formats = [...styles.matchAll(/<xf numFmtId="(\d+)"[^>]*xfId="0"[^>]*\/>/g)].map((match) => match[1]);
    expect(formats[2]).toBe('164');
    expect(formats[3]).toBe('165');

    // Read back as an import would: the serial means the same wall-clock time in China.
    const { rows } = await readSheetRows(file, { maxRows: 10 });
    expect(sheetDateTime(rows[1]?.cells[1] ?? '')?.toISOString()).toBe('2026-01-02T00:30:00.000Z');
    expect(sheetDateTime(rows[1]?.cells[0] ?? '')?.toISOString()).toBe('2026-01-01T16:00:00.000Z');
  });

  it('takes the kind from the export columns: column.date, column.dateTime and a resource’s date fields', async () => {
    type Row = { day: string; at: Date };
    const exportColumns = [column.date<Row>('日期', (row) => row.day), column.dateTime<Row>('时间', (row) => row.at)];
    const row: Row = { day: '2025-06-01', at: new Date('2025-06-01T16:30:00Z') };
    const { parts } = await write(exportColumns, [exportColumns.map((c) => c.value(row))]);
    const sheet = text(parts['xl/worksheets/sheet1.xml']);
    expect(sheet).toContain('<c r="A2" s="2"><v>45809</v></c>');
    // 16:30 UTC is 00:30 the next day in Beijing.
    expect(Number(/<c r="B2" s="3"><v>([\d.]+)<\/v>/.exec(sheet)?.[1])).toBeCloseTo(45810 + 0.5 / 24, 9);

    const kinds = Object.fromEntries(resourceExportColumns(fixtureResource).map((c) => [c.header, c.kind]));
    expect(kinds).toMatchObject({ 开始日期: 'date', 发生时间: 'dateTime', 编号: undefined });
  });
});
