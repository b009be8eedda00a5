import path from 'node:path';
import { breather, invalidXlsx, oversizedXlsx } from './error';
import { type Cell, holdsSomething, SharedStringsHandler, SheetHandler } from './parts';
import { ZipArchive } from './unzip';
import { attributesOf, XmlError, type XmlHandler, XmlScanner } from './xml';

export { XlsxError } from './error';

/**
 * Reading an .xlsx someone uploaded. The archive is read through its central directory and each part
 * inflated by zlib in chunks (unzip.ts); the XML streams through a scanner that looks at each character a
 * bounded number of times (xml.ts) into handlers that keep Excel's limits as they go (parts.ts). Reading
 * yields to the event loop every few milliseconds, and anything hostile or broken is refused with an
 * XlsxError whose Chinese message names the problem.
 */

const defaultSheet = 'xl/worksheets/sheet1.xml';
const defaultSharedStrings = 'xl/sharedStrings.xml';
const workbookEntry = 'xl/workbook.xml';
const workbookRelsEntry = 'xl/_rels/workbook.xml.rels';
const maxWorkbookBytes = 4 * 1024 * 1024;
const defaultMaxBytes = 16 * 1024 * 1024;
const sliceChars = 8 * 1024;

/** Streams part `name` of `archive` through `handler` until it is done; broken XML is refused naming `what`. */
async function scanPart(archive: ZipArchive, name: string, what: string, handler: XmlHandler, maxBytes: number) {
  const scanner = new XmlScanner(handler);
  const decoder = new TextDecoder('utf-8');
  const breathe = breather();
  try {
    for await (const chunk of archive.inflate(name, maxBytes)) {
      const text = decoder.decode(chunk, { stream: true });
      // A dense piece (thousands of tiny tags) is work: hand it over in slices, letting requests in between.
      for (let at = 0; at < text.length; at += sliceChars) {
        scanner.write(text.slice(at, at + sliceChars));
        if (handler.done) return;
        await breathe();
      }
    }
    scanner.write(decoder.decode());
    if (!handler.done) scanner.end();
  } catch (error) {
    if (error instanceof XmlError) throw invalidXlsx(`${what}的 XML 格式错误：${error.message}`);
    throw error;
  }
}

/** A handler that looks only at the opening tags named `name`, until `take` answers true. */
const openingTags = (name: string, take: (attributes: Map<string, string>) => boolean) => {
  const handler = {
    done: false,
    open(element: string, source: string, from: number, to: number) {
      if (!handler.done && element === name) handler.done = take(attributesOf(source.slice(from, to)));
    },
    close() {},
    text() {},
  };
  return handler;
};

/** An attribute by its name in any namespace (`r:id` for `id`). */
const attributeIn = (attributes: Map<string, string>, name: string) =>
  [...attributes].find(([key]) => key === name || key.endsWith(`:${name}`))?.[1];

interface Workbook {
  archive: ZipArchive;
  /** The part of the first tab a user sees. */
  sheet: string;
  sharedStrings: string;
}

/**
 * Where the first tab a user sees is stored: the first sheet of `xl/workbook.xml` that is not hidden,
 * through the workbook's relationships (a workbook whose tabs were reordered, or whose first sheet is hidden,
 * does not keep it in `sheet1.xml`), and where the shared strings are. Without those parts, the usual names.
 */
async function openWorkbook(filePath: string): Promise<Workbook> {
  const archive = await ZipArchive.open(filePath);
  let sheetId: string | undefined;
  const sheets = openingTags('sheet', (attributes) => {
    if (/^(?:hidden|veryHidden)$/.test(attributes.get('state') ?? '')) return false;
    sheetId = attributeIn(attributes, 'id') ?? '';
    return true;
  });
  if (archive.has(workbookEntry)) await scanPart(archive, workbookEntry, '工作簿', sheets, maxWorkbookBytes);
  const targets = new Map<string, string>();
  let sharedStrings = defaultSharedStrings;
  const relationships = openingTags('Relationship', (attributes) => {
    const target = attributes.get('Target');
    if (!target) return false;
    const part = target.startsWith('/') ? target.slice(1) : path.posix.normalize(`xl/${target}`);
    targets.set(attributes.get('Id') ?? '', part);
    if ((attributes.get('Type') ?? '').endsWith('/sharedStrings')) sharedStrings = part;
    return false;
  });
  if (sheetId && archive.has(workbookRelsEntry)) {
    await scanPart(archive, workbookRelsEntry, '工作簿关系', relationships, maxWorkbookBytes);
  }
  return { archive, sheet: (sheetId && targets.get(sheetId)) || defaultSheet, sharedStrings };
}

/** The texts of the shared strings `rows` refer to, by index. */
async function sharedStringsOf(book: Workbook, rows: readonly (readonly Cell[])[], maxBytes: number) {
  const wanted = new Set<number>();
  for (const cells of rows) for (const cell of cells) if (typeof cell.value === 'number') wanted.add(cell.value);
  const handler = new SharedStringsHandler(wanted);
  if (!handler.done && book.archive.has(book.sharedStrings)) {
    await scanPart(book.archive, book.sharedStrings, '共享字符串表', handler, maxBytes);
  }
  return handler.strings;
}

/** How many columns a row spans, up to its last cell that holds something. */
function widthOf(cells: readonly Cell[]): number {
  let width = 0;
  for (const cell of cells) if (cell.column >= width && holdsSomething(cell)) width = cell.column + 1;
  return width;
}

/** A row's cells as trimmed text by column, up to its last cell that holds something. */
function textsOf(cells: readonly Cell[], shared: ReadonlyMap<number, string>): string[] {
  const width = widthOf(cells);
  const values: string[] = new Array(width).fill('');
  for (const { column, value } of cells) {
    if (column < width) values[column] = (typeof value === 'number' ? (shared.get(value) ?? '') : value).trim();
  }
  return values;
}

/**
 * The first row of the first worksheet of an .xlsx file: only the sheet's beginning and as much of the
 * shared-string table as the row refers to are inflated, so a large upload costs little.
 */
export async function readHeaderRow(filePath: string, { maxBytes = defaultMaxBytes } = {}): Promise<string[]> {
  const book = await openWorkbook(filePath);
  if (!book.archive.has(book.sheet)) return [];
  let header: Cell[] = [];
  const handler = new SheetHandler((_, cells) => {
    header = cells;
    return true;
  });
  await scanPart(book.archive, book.sheet, '工作表', handler, maxBytes);
  return textsOf(header, await sharedStringsOf(book, [header], maxBytes));
}

/** A row of a sheet that holds something: its number in the sheet (the header is 1) and its cells by column. */
export interface SheetRow {
  row: number;
  cells: string[];
}

/**
 * The rows of the first worksheet that hold something, as trimmed text: a blank cell is '' at its column,
 * a number or date is the value Excel stores (dates as serial days). Reading stops past `maxRows` rows,
 * with `more` set. A part inflating past `maxBytes`, or rows holding more than `maxCells` cells or
 * `maxTextChars` characters in all, are refused.
 */
export async function readSheetRows(
  filePath: string,
  {
    maxRows,
    maxBytes = defaultMaxBytes,
    maxCells = 2 ** 21,
    maxTextChars = 2 ** 24,
  }: { maxRows: number; maxBytes?: number; maxCells?: number; maxTextChars?: number },
): Promise<{ rows: SheetRow[]; more: boolean }> {
  const book = await openWorkbook(filePath);
  if (!book.archive.has(book.sheet)) throw invalidXlsx('找不到工作表');
  const kept: { row: number; cells: Cell[] }[] = [];
  let more = false;
  let cellsLeft = maxCells;
  let charsLeft = maxTextChars;
  const handler = new SheetHandler((row, cells) => {
    if (!cells.some(holdsSomething)) return false;
    if (kept.length >= maxRows) {
      more = true;
      return true;
    }
    cellsLeft -= widthOf(cells);
    for (const cell of cells) if (typeof cell.value === 'string') charsLeft -= cell.value.length;
    if (cellsLeft < 0) throw oversizedXlsx(`单元格超过 ${maxCells} 个`);
    if (charsLeft < 0) throw oversizedXlsx(`文字超过 ${maxTextChars} 个字符`);
    kept.push({ row, cells });
    return false;
  });
  await scanPart(book.archive, book.sheet, '工作表', handler, maxBytes);
  const shared = await sharedStringsOf(
    book,
    kept.map((row) => row.cells),
    maxBytes,
  );
  const rows: SheetRow[] = [];
  const breathe = breather();
  for (const { row, cells } of kept) {
    const texts = textsOf(cells, shared);
    if (texts.some((text) => text !== '')) rows.push({ row, cells: texts });
    await breathe();
  }
  return { rows, more };
}
