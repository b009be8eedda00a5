import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { serialDay } from './cells';
import { type ZipEntryWriter, ZipWriter } from './zip';

export type CellValue = string | number | null | undefined;

export interface SheetColumn {
  header: string;
  /** Width in characters. */
  width?: number;
  /**
   * Text such as `2026-01-02` (date) or `2026-01-02 08:30:00` (dateTime) in this column is written as a real
   * date cell: serial days with a date format, so Excel sorts and filters it as a date. Other text stays text.
   * A number in a `money` column (yuan) is written with the ¥ format, so Excel shows `¥1,234.56` and sums it.
   */
  kind?: CellKind;
}

type DateKind = 'date' | 'dateTime';
export type CellKind = DateKind | 'money';

/** The number format of money cells: yuan with two decimals and the ¥ sign (quoted, as the format asks of it). */
const moneyFormat = '"¥"#,##0.00';

/** A small sheet written after the main one (an import template's 说明). */
export interface ExtraSheet {
  title: string;
  columns: readonly SheetColumn[];
  rows: readonly (readonly CellValue[])[];
}

/** Excel's limit per sheet, header row included. */
const maxRowsPerSheet = 1_048_576;
/** A sheet's XML, in UTF-8 bytes, stays well below the 4 GiB a ZIP entry may hold (ZipWriter writes no ZIP64). */
const maxSheetBytes = 3.5 * 2 ** 30;
const maxCellText = 32_767;
// biome-ignore lint/suspicious/noControlCharactersInRegex: characters XML 1.0 cannot carry.
const needsEscape = /[&<>"\u0000-\u001f\ud800-\udfff\ufffe\uffff]/;
const invalidXml =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: characters XML 1.0 cannot carry.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

function escapeXml(text: string): string {
  // Most cells need nothing: one cheap test instead of two replacements.
  if (!needsEscape.test(text)) return text;
  return text.replace(invalidXml, '').replace(/[&<>"]/g, (c) => escapes[c] ?? c);
}

function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

const xmlHead = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const mainNs = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const relNs = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const packageRelNs = 'http://schemas.openxmlformats.org/package/2006/relationships';
const sheetEnd = '</sheetData></worksheet>';
/** A sheet's start: column widths and the bold, frozen header row. */
function sheetHead(columns: readonly SheetColumn[]): string {
  const cols = columns
    .map((column, i) => `<col min="${i + 1}" max="${i + 1}" width="${column.width ?? 18}" customWidth="1"/>`)
    .join('');
  const header = columns
    .map(
      (column, i) => `<c r="${columnLetter(i)}1" t="inlineStr" s="1"><is><t>${escapeXml(column.header)}</t></is></c>`,
    )
    .join('');
  return (
    `${xmlHead}<worksheet xmlns="${mainNs}" xmlns:r="${relNs}"><sheetViews><sheetView workbookViewId="0">` +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    `<cols>${cols}</cols><sheetData><row r="1">${header}</row>`
  );
}

/** The cell style (index in styles.xml's cellXfs) of each kind of date, and of money. */
const kindStyles: Record<CellKind, number> = { date: 2, dateTime: 3, money: 4 };

/**
 * Row `r` of a sheet: numbers as numbers (money with the ¥ format), dates of date columns as dates, text
 * inline, empty cells left out.
 */
function rowXml(
  r: number,
  values: readonly CellValue[],
  letters: readonly string[],
  kinds: readonly (CellKind | undefined)[] = [],
): string {
  let xml = `<row r="${r}">`;
  for (let i = 0; i < values.length && i < letters.length; i++) {
    const value = values[i];
    if (value === null || value === undefined || value === '') continue;
    const kind = kinds[i];
    if (typeof value === 'number') {
      const style = kind === 'money' ? ` s="${kindStyles.money}"` : '';
      if (Number.isFinite(value)) xml += `<c r="${letters[i]}${r}"${style}><v>${value}</v></c>`;
      continue;
    }
    const serial = kind === undefined || kind === 'money' ? undefined : serialDay(value);
    if (kind !== undefined && serial !== undefined) {
      xml += `<c r="${letters[i]}${r}" s="${kindStyles[kind]}"><v>${serial}</v></c>`;
      continue;
    }
    const text = value.length > maxCellText ? value.slice(0, maxCellText) : value;
    xml += `<c r="${letters[i]}${r}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(text)}</t></is></c>`;
  }
  return `${xml}</row>`;
}

/** In the queue of produced XML: the current sheet is full, continue on a new one. */
const nextSheet = Symbol('next sheet');

/**
 * Writes an .xlsx file row by row. Rows become XML on the JavaScript thread; compression runs in Node's
 * zlib on libuv's threads and goes straight to disk, so memory stays the same for a hundred rows or a
 * million. Strings are inline (no shared-string table to hold), the header row is bold and frozen, and a
 * sheet that reaches Excel's row limit continues on the next one.
 *
 * `addRow` only queues; `await drain()` after each batch writes the queue out.
 */
export class XlsxWriter {
  private readonly zip: ZipWriter;
  private sheet: ZipEntryWriter | undefined;
  private readonly sheetNames: string[] = [];
  private readonly queue: (string | typeof nextSheet)[] = [];
  private queuedChars = 0;
  private rowInSheet = 0;
  /** UTF-8 bytes of the current sheet's XML, its head and end included. */
  private sheetBytes = 0;
  private readonly emptySheetBytes: number;
  private readonly letters: string[];
  private readonly kinds: (CellKind | undefined)[];
  private readonly head: string;
  private readonly sheetTitle: string;
  private readonly rowsPerSheet: number;
  private readonly maxSheetBytes: number;
  private readonly extraSheets: readonly ExtraSheet[];
  rows = 0;

  constructor(
    readonly path: string,
    columns: readonly SheetColumn[],
    options: {
      sheetTitle?: string;
      level?: number;
      /** Fewer rows or bytes per sheet than Excel's and the ZIP format's limits (tests). */
      rowsPerSheet?: number;
      maxSheetBytes?: number;
      extraSheets?: readonly ExtraSheet[];
    } = {},
  ) {
    this.sheetTitle = options.sheetTitle ?? 'Sheet1';
    this.extraSheets = options.extraSheets ?? [];
    this.rowsPerSheet = Math.min(options.rowsPerSheet ?? maxRowsPerSheet, maxRowsPerSheet);
    this.maxSheetBytes = Math.min(options.maxSheetBytes ?? maxSheetBytes, maxSheetBytes);
    this.zip = new ZipWriter(createWriteStream(path), options.level ?? 4);
    this.letters = columns.map((_, index) => columnLetter(index));
    this.kinds = columns.map((column) => column.kind);
    this.head = sheetHead(columns);
    this.emptySheetBytes = Buffer.byteLength(this.head) + Buffer.byteLength(sheetEnd);
    this.rowInSheet = 1;
    this.sheetBytes = this.emptySheetBytes;
  }

  addRow(values: readonly CellValue[]): void {
    let xml = rowXml(this.rowInSheet + 1, values, this.letters, this.kinds);
    let bytes = Buffer.byteLength(xml);
    if (this.rowInSheet >= this.rowsPerSheet || (this.sheetBytes + bytes > this.maxSheetBytes && this.rowInSheet > 1)) {
      this.queue.push(nextSheet);
      this.rowInSheet = 1;
      this.sheetBytes = this.emptySheetBytes;
      xml = rowXml(2, values, this.letters, this.kinds);
      bytes = Buffer.byteLength(xml);
    }
    this.rowInSheet += 1;
    this.rows += 1;
    this.queue.push(xml);
    this.queuedChars += xml.length;
    this.sheetBytes += bytes;
  }

  private async openSheet(): Promise<ZipEntryWriter> {
    const number = this.sheetNames.length + 1;
    const title = (number === 1 ? this.sheetTitle : `${this.sheetTitle}${number}`).replace(/[[\]:*?/\\]/g, '_');
    this.sheetNames.push(title.slice(0, 31));
    this.sheet = await this.zip.entry(`xl/worksheets/sheet${number}.xml`);
    await this.sheet.write(Buffer.from(this.head, 'utf8'));
    return this.sheet;
  }

  /** Writes the queued rows out; resolves when zlib and the disk have taken them. */
  async drain(): Promise<void> {
    let sheet = this.sheet ?? (await this.openSheet());
    let text = '';
    const flush = async () => {
      if (text) await sheet.write(Buffer.from(text, 'utf8'));
      text = '';
    };
    for (const item of this.queue) {
      if (item === nextSheet) {
        text += sheetEnd;
        await flush();
        await sheet.end();
        sheet = await this.openSheet();
      } else {
        text += item;
        if (text.length > 256 * 1024) await flush();
      }
    }
    await flush();
    this.queue.length = 0;
    this.queuedChars = 0;
  }

  /** Characters of XML waiting for `drain`. */
  get pending(): number {
    return this.queuedChars;
  }

  /** Writes the workbook parts and closes the file; answers its size in bytes. */
  async finish(): Promise<number> {
    await this.drain();
    const sheet = this.sheet ?? (await this.openSheet());
    await sheet.write(Buffer.from(sheetEnd, 'utf8'));
    await sheet.end();
    for (const extra of this.extraSheets) {
      this.sheetNames.push(extra.title.slice(0, 31));
      const letters = extra.columns.map((_, index) => columnLetter(index));
      const body = extra.rows.map((values, index) => rowXml(index + 2, values, letters)).join('');
      await this.zip.add(
        `xl/worksheets/sheet${this.sheetNames.length}.xml`,
        sheetHead(extra.columns) + body + sheetEnd,
      );
    }
    const sheets = this.sheetNames;
    await this.zip.add(
      'xl/workbook.xml',
      `${xmlHead}<workbook xmlns="${mainNs}" xmlns:r="${relNs}"><sheets>${sheets
        .map((name, i) => `<sheet name="${escapeXml(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
        .join('')}</sheets></workbook>`,
    );
    await this.zip.add(
      'xl/_rels/workbook.xml.rels',
      `${xmlHead}<Relationships xmlns="${packageRelNs}">${sheets
        .map(
          (_, i) => `<Relationship Id="rId${i + 1}" Type="${relNs}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
        )
        .join(
          '',
        )}<Relationship Id="rId${sheets.length + 1}" Type="${relNs}/styles" Target="styles.xml"/></Relationships>`,
    );
    await this.zip.add(
      'xl/styles.xml',
      `${xmlHead}<styleSheet xmlns="${mainNs}"><numFmts count="3">` +
        '<numFmt numFmtId="164" formatCode="yyyy-mm-dd"/><numFmt numFmtId="165" formatCode="yyyy-mm-dd hh:mm:ss"/>' +
        `<numFmt numFmtId="166" formatCode="${escapeXml(moneyFormat)}"/>` +
        `</numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font>` +
        '<font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill>' +
        '<fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border/></borders>' +
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
        // Styles 0 plain, 1 the bold header, 2 and 3 dates and date-times, 4 money (kindStyles).
        '<cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
        '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
        '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
        '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
        '<xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>',
    );
    await this.zip.add(
      '_rels/.rels',
      `${xmlHead}<Relationships xmlns="${packageRelNs}">` +
        `<Relationship Id="rId1" Type="${relNs}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    );
    const sheetTypes = sheets
      .map(
        (_, i) =>
          `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
      )
      .join('');
    await this.zip.add(
      '[Content_Types].xml',
      `${xmlHead}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        `${sheetTypes}</Types>`,
    );
    return this.zip.finish();
  }

  /** Stops writing; the caller removes the file. */
  abort(): void {
    this.zip.abort();
  }
}

/** SHA-256 of a file, read as a stream (hashing is native code). */
export async function sha256File(filePath: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(filePath)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
