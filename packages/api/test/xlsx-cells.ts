import { ZipArchive } from '../src/xlsx/unzip';
import { attributesOf, decodeXml, type XmlHandler, XmlScanner } from '../src/xlsx/xml';

/** A cell of a written sheet as Excel reads it: a number or text, and the number format its style gives it. */
export interface SheetCell {
  number: boolean;
  value: string;
  /** The format code of the cell's style (`"¥"#,##0.00`, `yyyy-mm-dd`); `General` without one. */
  format: string;
}

const maxPartBytes = 64 * 1024 * 1024;

/** Streams a part of the archive through a handler, with the reader's own unzip and XML scanner. */
async function scan(archive: ZipArchive, part: string, handler: XmlHandler) {
  const scanner = new XmlScanner(handler);
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of archive.inflate(part, maxPartBytes)) scanner.write(decoder.decode(chunk, { stream: true }));
  scanner.write(decoder.decode());
  scanner.end();
}

/** The number format code of each cell style (cellXfs, by index). */
async function styleFormats(archive: ZipArchive): Promise<string[]> {
  const codes = new Map<string, string>([['0', 'General']]);
  const styles: string[] = [];
  let inCellXfs = false;
  await scan(archive, 'xl/styles.xml', {
    done: false,
    open(name, source, from, to) {
      const attributes = () => attributesOf(source.slice(from, to));
      if (name === 'numFmt') codes.set(attributes().get('numFmtId') ?? '', attributes().get('formatCode') ?? '');
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) styles.push(attributes().get('numFmtId') ?? '0');
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
    text() {},
  });
  return styles.map((id) => codes.get(id) ?? `builtin ${id}`);
}

/** Every cell of the first sheet of an .xlsx by its reference (`B2`): number or text, value, number format. */
export async function readCells(filePath: string): Promise<Map<string, SheetCell>> {
  const archive = await ZipArchive.open(filePath);
  const formats = await styleFormats(archive);
  const cells = new Map<string, SheetCell>();
  let cell: { ref: string; type: string | undefined; style: number } | undefined;
  let value = '';
  let gathering = false;
  await scan(archive, 'xl/worksheets/sheet1.xml', {
    done: false,
    open(name, source, from, to, selfClosing) {
      if (name === 'c') {
        const attributes = attributesOf(source.slice(from, to));
        cell = { ref: attributes.get('r') ?? '', type: attributes.get('t'), style: Number(attributes.get('s') ?? 0) };
        value = '';
      } else if ((name === 'v' || name === 't') && cell && !selfClosing) gathering = true;
    },
    close(name) {
      if (name === 'v' || name === 't') gathering = false;
      else if (name === 'c' && cell) {
        const number = cell.type === undefined || cell.type === 'n';
        cells.set(cell.ref, { number, value: decodeXml(value), format: formats[cell.style] ?? 'General' });
        cell = undefined;
      }
    },
    text(source, from, to) {
      if (gathering) value += source.slice(from, to);
    },
  });
  return cells;
}

/** The column letter of the header `title` in row 1. */
export function columnOf(cells: Map<string, SheetCell>, title: string): string {
  for (const [ref, cell] of cells) {
    const match = /^([A-Z]+)1$/.exec(ref);
    if (match && cell.value === title) return match[1] ?? '';
  }
  throw new Error(`no column ${title}: ${[...cells].filter(([ref]) => /^[A-Z]+1$/.test(ref)).map(([, c]) => c.value)}`);
}
