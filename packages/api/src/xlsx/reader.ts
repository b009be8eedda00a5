import { createReadStream } from 'node:fs';
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

const textOf = (xml: string) =>
  unescapeXml([...xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((match) => match[1] ?? '').join(''));

type HeaderCell = { column: number; text?: string; sharedIndex?: number };

function columnIndex(ref: string): number {
  let n = 0;
  for (const char of ref.replace(/\d+$/, '')) n = n * 26 + (char.charCodeAt(0) - 64);
  return n - 1;
}

function parseRow(rowXml: string): HeaderCell[] {
  const cells: HeaderCell[] = [];
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
 * The first row of the first worksheet of an .xlsx file, read as a stream: only the sheet's beginning and
 * as much of the shared-string table as the row refers to are inflated, so a large upload costs no memory.
 */
export async function readHeaderRow(filePath: string, maxChars = 1024 * 1024): Promise<string[]> {
  let sheetXml = '';
  let sharedXml = '';
  let header: HeaderCell[] | null = null;
  let sharedNeeded = -1;
  let sharedDone = false;
  let sheetSeen = false;

  const sharedStrings = () => [...sharedXml.matchAll(/<si>([\s\S]*?)<\/si>/g)].map((match) => textOf(match[1] ?? ''));
  const finished = () => header !== null && (sharedNeeded < 0 || sharedDone);

  const source = createReadStream(filePath);
  const unzip = new Unzip((entry) => {
    if (entry.name === 'xl/worksheets/sheet1.xml') {
      sheetSeen = true;
      const text = decoder();
      entry.ondata = (error, chunk, final) => {
        if (error || header) return;
        sheetXml += text.decode(chunk, { stream: !final });
        const row = /<row\b[^>]*>([\s\S]*?)<\/row>|<row\b[^>]*\/>/.exec(sheetXml);
        if (row || final || sheetXml.length > maxChars) {
          header = row ? parseRow(row[1] ?? '') : [];
          sharedNeeded = Math.max(-1, ...header.map((cell) => cell.sharedIndex ?? -1));
          entry.terminate();
        }
      };
      entry.start();
    } else if (entry.name === 'xl/sharedStrings.xml') {
      const text = decoder();
      entry.ondata = (error, chunk, final) => {
        if (error || sharedDone) return;
        sharedXml += text.decode(chunk, { stream: !final });
        const count = (sharedXml.match(/<\/si>/g) ?? []).length;
        if (final || sharedXml.length > maxChars || (header && count > sharedNeeded)) {
          sharedDone = true;
          entry.terminate();
        }
      };
      entry.start();
    }
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);

  for await (const chunk of source) {
    unzip.push(chunk as Uint8Array);
    if (finished()) break;
  }
  source.destroy();
  if (!sheetSeen || !header) return [];
  const shared = sharedNeeded >= 0 ? sharedStrings() : [];
  const row: HeaderCell[] = header;
  const values: string[] = [];
  for (const cell of row) {
    values[cell.column] = (cell.sharedIndex !== undefined ? shared[cell.sharedIndex] : cell.text) ?? '';
  }
  return Array.from(values, (value) => (value ?? '').trim());
}
