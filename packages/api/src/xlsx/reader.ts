import { createReadStream } from 'node:fs';
import path from 'node:path';
import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';

const decoder = () => new TextDecoder('utf-8');

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(Number.parseInt(code, 16)))
    .replace(/&amp;/g, '&');
}

/** The text of a string item; phonetic guides (`<rPh>`, added by Chinese and Japanese input) are not part of it. */
const textOf = (xml: string) =>
  unescapeXml(
    [...xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '').matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)]
      .map((match) => match[1] ?? '')
      .join(''),
  );

/** The shared-string table; an empty item (`<si/>`) keeps its place so later indexes stay right. */
const sharedStringsOf = (xml: string) =>
  [...xml.matchAll(/<si\b[^>]*?(?:\/>|>([\s\S]*?)<\/si>)/g)].map((match) => textOf(match[1] ?? ''));

type RawCell = { column: number; text?: string; sharedIndex?: number };

function columnIndex(ref: string): number {
  let n = 0;
  for (const char of ref.replace(/\d+$/, '')) n = n * 26 + (char.charCodeAt(0) - 64);
  return n - 1;
}

function parseRow(rowXml: string): RawCell[] {
  const cells: RawCell[] = [];
  let position = 0;
  for (const match of rowXml.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    const ref = /\br="([A-Z]+\d+)"/.exec(attributes)?.[1];
    const column = ref ? columnIndex(ref) : position;
    position = column + 1;
    const type = /\bt="(\w+)"/.exec(attributes)?.[1];
    const value = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
    if (type === 's' && value !== undefined) cells.push({ column, sharedIndex: Number(value) });
    else if (type === 'inlineStr') cells.push({ column, text: textOf(body) });
    else cells.push({ column, text: value === undefined ? '' : unescapeXml(value) });
  }
  return cells;
}

/**
 * Reads an entry of an .xlsx as its text arrives: gets each inflated part (or the entry's error), answers
 * true once it has read enough, and the rest of the entry is then skipped.
 */
type EntryReader = (part: string, final: boolean, error: Error | null) => boolean;

/**
 * Streams an .xlsx, handing the named entries to their readers as they inflate, and stops reading the file
 * once `enough()` says so: a reader that needs only the start of a large entry costs no more than that.
 * Answers the names of the entries the file holds among those asked for.
 */
async function streamEntries(
  filePath: string,
  readers: Readonly<Record<string, EntryReader>>,
  enough: () => boolean,
): Promise<ReadonlySet<string>> {
  const seen = new Set<string>();
  const source = createReadStream(filePath);
  const unzip = new Unzip((entry) => {
    const reader = readers[entry.name];
    if (!reader) return;
    seen.add(entry.name);
    const text = decoder();
    let done = false;
    entry.ondata = (error, chunk, final) => {
      if (done) return;
      done = reader(error ? '' : text.decode(chunk, { stream: !final }), final, error);
      if (done && !final) entry.terminate();
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  try {
    for await (const chunk of source) {
      unzip.push(chunk as Uint8Array);
      if (enough()) break;
    }
  } finally {
    source.destroy();
  }
  return seen;
}

const defaultSheet = 'xl/worksheets/sheet1.xml';
const workbookEntry = 'xl/workbook.xml';
const workbookRelsEntry = 'xl/_rels/workbook.xml.rels';
const sharedStringsEntry = 'xl/sharedStrings.xml';

/** The attribute `name` of an XML element's attribute text (`r:id="rId3"` → `rId3` for `id`). */
const attribute = (attributes: string, name: string) =>
  new RegExp(`(?:^|\\s)(?:[\\w]+:)?${name}="([^"]*)"`).exec(attributes)?.[1];

/**
 * Where the first tab a user sees is stored: the first sheet of `xl/workbook.xml` that is not hidden,
 * through the workbook's relationships. A workbook whose tabs were reordered, or whose first sheet is
 * hidden, does not keep it in `sheet1.xml`. Only the two small workbook entries are read; without them the
 * first stored sheet is taken.
 */
export async function firstSheetEntry(filePath: string): Promise<string> {
  const texts = new Map<string, string>();
  const wholeText = (name: string): EntryReader => {
    let xml = '';
    return (part, final, error) => {
      if (error) return true;
      xml += part;
      if (!final && xml.length <= 4 * 1024 * 1024) return false;
      texts.set(name, xml);
      return true;
    };
  };
  try {
    await streamEntries(
      filePath,
      { [workbookEntry]: wholeText(workbookEntry), [workbookRelsEntry]: wholeText(workbookRelsEntry) },
      () => texts.size === 2,
    );
  } catch {
    return defaultSheet;
  }
  const sheets = [...(texts.get(workbookEntry) ?? '').matchAll(/<(?:\w+:)?sheet\b([^>]*?)\/?>/g)].map(
    (match) => match[1] ?? '',
  );
  const visible = sheets.find((attributes) => !/\bstate="(?:hidden|veryHidden)"/.test(attributes));
  const id = visible === undefined ? undefined : attribute(visible, 'id');
  if (!id) return defaultSheet;
  for (const match of (texts.get(workbookRelsEntry) ?? '').matchAll(/<(?:\w+:)?Relationship\b([^>]*?)\/?>/g)) {
    const attributes = match[1] ?? '';
    if (attribute(attributes, 'Id') !== id) continue;
    const target = attribute(attributes, 'Target');
    if (!target) return defaultSheet;
    return target.startsWith('/') ? target.slice(1) : path.posix.normalize(`xl/${target}`);
  }
  return defaultSheet;
}

/**
 * The first row of the first worksheet of an .xlsx file, read as a stream: only the sheet's beginning and
 * as much of the shared-string table as the row refers to are inflated, so a large upload costs no memory.
 */
export async function readHeaderRow(filePath: string, maxChars = 1024 * 1024): Promise<string[]> {
  const sheetEntry = await firstSheetEntry(filePath);
  let sheetXml = '';
  let sharedXml = '';
  let header: RawCell[] | null = null;
  let sharedNeeded = -1;
  let sharedDone = false;

  const seen = await streamEntries(
    filePath,
    {
      [sheetEntry]: (part, final, error) => {
        if (error) return false;
        sheetXml += part;
        const row = /<row\b[^>]*>([\s\S]*?)<\/row>|<row\b[^>]*\/>/.exec(sheetXml);
        if (!row && !final && sheetXml.length <= maxChars) return false;
        header = row ? parseRow(row[1] ?? '') : [];
        sharedNeeded = Math.max(-1, ...header.map((cell) => cell.sharedIndex ?? -1));
        return true;
      },
      [sharedStringsEntry]: (part, final, error) => {
        if (error) return false;
        sharedXml += part;
        const count = (sharedXml.match(/<\/si>/g) ?? []).length;
        sharedDone = final || sharedXml.length > maxChars || (header !== null && count > sharedNeeded);
        return sharedDone;
      },
    },
    () => header !== null && (sharedNeeded < 0 || sharedDone),
  );
  if (!seen.has(sheetEntry) || !header) return [];
  const shared = sharedNeeded >= 0 ? sharedStringsOf(sharedXml) : [];
  const row: RawCell[] = header;
  const values: string[] = [];
  for (const cell of row) {
    values[cell.column] = (cell.sharedIndex !== undefined ? shared[cell.sharedIndex] : cell.text) ?? '';
  }
  return Array.from(values, (value) => (value ?? '').trim());
}

/** A row of a sheet that holds something: its number in the sheet (the header is 1) and its cells by column. */
export interface SheetRow {
  row: number;
  cells: string[];
}

const rowPattern = /<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g;
const holdsSomething = (cells: readonly RawCell[]) =>
  cells.some((cell) => cell.sharedIndex !== undefined || (cell.text ?? '').trim() !== '');

/**
 * The rows of the first worksheet that hold something, as trimmed text: a blank cell is '' at its column,
 * a number or date is the value Excel stores (dates as serial days). Reading stops past `maxRows` rows,
 * with `more` set; XML beyond `maxChars` is refused, since a small file can inflate to a large one.
 */
export async function readSheetRows(
  filePath: string,
  { maxRows, maxChars = 64 * 1024 * 1024 }: { maxRows: number; maxChars?: number },
): Promise<{ rows: SheetRow[]; more: boolean }> {
  const sheetEntry = await firstSheetEntry(filePath);
  const raw: { row: number; cells: RawCell[] }[] = [];
  let more = false;
  let pending = '';
  let sheetChars = 0;
  let lastRow = 0;
  let sheetDone = false;
  let sharedXml = '';
  let sharedDone = false;
  let failure: Error | null = null;

  const takeRows = () => {
    let end = 0;
    for (const match of pending.matchAll(rowPattern)) {
      end = (match.index ?? 0) + match[0].length;
      const number = Number(/\br="(\d+)"/.exec(match[1] ?? '')?.[1]);
      lastRow = number > 0 ? number : lastRow + 1;
      const cells = parseRow(match[2] ?? '');
      if (!holdsSomething(cells)) continue;
      if (raw.length >= maxRows) {
        more = true;
        return;
      }
      raw.push({ row: lastRow, cells });
    }
    pending = pending.slice(end);
  };

  const usesShared = () => raw.some((row) => row.cells.some((cell) => cell.sharedIndex !== undefined));
  const seen = await streamEntries(
    filePath,
    {
      [sheetEntry]: (part, final, error) => {
        if (error) failure = error;
        sheetChars += part.length;
        pending += part;
        if (sheetChars > maxChars) failure = new Error('worksheet too large');
        else takeRows();
        sheetDone = final || more || failure !== null;
        return sheetDone;
      },
      [sharedStringsEntry]: (part, final, error) => {
        if (error) failure = error;
        else sharedXml += part;
        if (sharedXml.length > maxChars) failure = new Error('shared strings too large');
        sharedDone = final || failure !== null;
        return sharedDone;
      },
    },
    () => failure !== null || (sheetDone && (sharedDone || !usesShared())),
  );
  if (failure) throw failure;
  if (!seen.has(sheetEntry)) throw new Error('the workbook has no first worksheet');

  const shared = sharedStringsOf(sharedXml);
  const rows: SheetRow[] = [];
  for (const { row, cells } of raw) {
    const values: string[] = Array.from({ length: Math.max(0, ...cells.map((cell) => cell.column + 1)) }, () => '');
    for (const cell of cells) {
      values[cell.column] = ((cell.sharedIndex !== undefined ? shared[cell.sharedIndex] : cell.text) ?? '').trim();
    }
    if (values.some((value) => value !== '')) rows.push({ row, cells: values });
  }
  return { rows, more };
}
