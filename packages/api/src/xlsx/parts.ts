import { invalidXlsx } from './error';
import { attributesOf, decodeXml, type XmlHandler } from './xml';

/** Excel's own limits: columns A…XFD, rows, characters in a cell. */
const excelLimits = { columns: 16_384, rows: 1_048_576, cellChars: 32_767 };
/** Raw XML of one value may spend up to 10 characters on each of its characters (`&#x10FFFF;`). */
const maxRawChars = excelLimits.cellChars * 10;

/** A cell of a row: its text, or the index of its text in the shared-string table. */
export interface Cell {
  column: number;
  value: string | number;
}

export const holdsSomething = (cell: Cell) => typeof cell.value === 'number' || cell.value.trim() !== '';

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Text gathered in pieces, refused once it is longer than any cell may be. */
class Gathered {
  private raw = '';
  constructor(private readonly tooLong: () => Error) {}
  add(piece: string) {
    this.raw += piece;
    if (this.raw.length > maxRawChars) throw this.tooLong();
  }
  /** The decoded text gathered since the last `take`. */
  take(): string {
    const text = decodeXml(this.raw);
    this.raw = '';
    this.check(text);
    return text;
  }
  check(text: string) {
    if (text.length > excelLimits.cellChars) throw this.tooLong();
  }
}

/**
 * The rows of a worksheet's XML, each handed to `onRow` (its number and cells) as it closes; `onRow`
 * answers true when it has read enough. Excel's limits are enforced as the XML streams by.
 */
export class SheetHandler implements XmlHandler {
  done = false;
  private lastRow = 0;
  private inRow = false;
  private cells: Cell[] = [];
  private position = 0;
  private cell: { ref: string; column: number; type: string | undefined } | undefined;
  private value: string | undefined;
  private inline: string | undefined;
  private gathering: 'value' | 'inline' | undefined;
  private phonetic = 0;
  private readonly gathered = new Gathered(() =>
    invalidXlsx(`单元格 ${this.cell?.ref ?? ''} 的内容超过 ${excelLimits.cellChars} 个字符`),
  );

  constructor(private readonly onRow: (row: number, cells: Cell[]) => boolean) {}

  open(name: string, source: string, from: number, to: number, selfClosing: boolean): void {
    if (this.done) return;
    if (name === 'row') this.openRow(source.slice(from, to), selfClosing);
    else if (name === 'c') this.openCell(source.slice(from, to), selfClosing);
    else if (!this.cell) return;
    else if (name === 'v' && this.inline === undefined) this.gather('value', selfClosing);
    else if (name === 'is') this.inline = '';
    else if (name === 'rPh' && !selfClosing) this.phonetic += 1;
    else if (name === 't' && this.inline !== undefined && this.phonetic === 0) this.gather('inline', selfClosing);
  }

  close(name: string): void {
    if (this.done) return;
    if (name === 'row') this.closeRow();
    else if (name === 'c') this.closeCell();
    else if (name === 'rPh') this.phonetic -= 1;
    else if ((name === 'v' || name === 't') && this.gathering) {
      const text = this.gathered.take();
      if (this.gathering === 'value') this.value = text;
      else this.inline = (this.inline ?? '') + text;
      this.gathered.check(this.inline ?? '');
      this.gathering = undefined;
    }
  }

  text(source: string, from: number, to: number): void {
    if (this.gathering && !this.done) this.gathered.add(source.slice(from, to));
  }

  private gather(what: 'value' | 'inline', selfClosing: boolean) {
    if (!selfClosing) this.gathering = what;
  }

  private openRow(attributes: string, selfClosing: boolean) {
    if (this.inRow) throw invalidXlsx(`工作表第 ${this.lastRow} 行的 <row> 没有结束`);
    const r = attributesOf(attributes).get('r');
    let number = this.lastRow + 1;
    if (r !== undefined) {
      if (!/^\d{1,16}$/.test(r) || Number(r) < 1) throw invalidXlsx(`行号 r="${r.slice(0, 20)}" 无效`);
      number = Number(r);
    }
    if (number > excelLimits.rows) {
      throw invalidXlsx(`行号 ${r ?? number} 超出 Excel 的最大行数 ${excelLimits.rows}`);
    }
    this.lastRow = number;
    this.inRow = true;
    this.cells = [];
    this.position = 0;
    if (selfClosing) this.closeRow();
  }

  private closeRow() {
    if (!this.inRow) return;
    if (this.cell) throw invalidXlsx(`单元格 ${this.cell.ref} 没有结束`);
    this.inRow = false;
    this.done = this.onRow(this.lastRow, this.cells);
  }

  private openCell(attributes: string, selfClosing: boolean) {
    if (!this.inRow) throw invalidXlsx(`工作表中有不在任何行 <row> 里的单元格 <c>`);
    if (this.cell) throw invalidXlsx(`单元格 ${this.cell.ref} 没有结束`);
    const attrs = attributesOf(attributes);
    const ref = attrs.get('r');
    const column = ref === undefined ? this.position : columnOf(ref);
    if (column >= excelLimits.columns) {
      const name = ref?.slice(0, 20) ?? `第 ${this.lastRow} 行第 ${column + 1} 列`;
      throw invalidXlsx(`单元格 ${name} 超出 Excel 的最大列 XFD（第 ${excelLimits.columns} 列）`);
    }
    if (this.cells.length >= excelLimits.columns) {
      throw invalidXlsx(`第 ${this.lastRow} 行的单元格超过 ${excelLimits.columns} 个`);
    }
    this.position = column + 1;
    this.cell = { ref: ref ?? `${columnName(column)}${this.lastRow}`, column, type: attrs.get('t') };
    this.value = undefined;
    this.inline = undefined;
    this.phonetic = 0;
    if (selfClosing) this.closeCell();
  }

  private closeCell() {
    const cell = this.cell;
    if (!cell) return;
    this.cell = undefined;
    if (cell.type === 's' && this.value !== undefined && this.value.trim() !== '') {
      const index = this.value.trim();
      if (!/^\d{1,9}$/.test(index)) throw invalidXlsx(`单元格 ${cell.ref} 的共享字符串序号无效`);
      this.cells.push({ column: cell.column, value: Number(index) });
    } else {
      const text = cell.type === 'inlineStr' ? (this.inline ?? '') : (this.value ?? '');
      this.cells.push({ column: cell.column, value: text });
    }
  }
}

/** The column of a reference (`B3` → 1); past XFD answers a column past XFD, without counting further. */
function columnOf(ref: string): number {
  const letters = /^([A-Za-z]+)\$?\d*$/.exec(ref.replace(/^\$/, ''))?.[1];
  if (!letters) throw invalidXlsx(`单元格引用 r="${ref.slice(0, 20)}" 无效`);
  if (letters.length > 3) return excelLimits.columns;
  let n = 0;
  for (const char of letters.toUpperCase()) n = n * 26 + (char.charCodeAt(0) - 64);
  return n - 1;
}

/**
 * The shared-string table, keeping only the strings at `wanted` indexes and stopping past the last of them.
 * Phonetic guides (`<rPh>`, added by Chinese and Japanese input) are not part of a string.
 */
export class SharedStringsHandler implements XmlHandler {
  done = false;
  readonly strings = new Map<number, string>();
  private index = -1;
  private inItem = false;
  private item = '';
  private gathering = false;
  private phonetic = 0;
  private readonly last: number;
  private readonly gathered = new Gathered(() =>
    invalidXlsx(`共享字符串第 ${this.index + 1} 项超过 ${excelLimits.cellChars} 个字符`),
  );

  constructor(private readonly wanted: ReadonlySet<number>) {
    let last = -1;
    for (const index of wanted) last = Math.max(last, index);
    this.last = last;
    this.done = last < 0;
  }

  open(name: string, _source: string, _from: number, _to: number, selfClosing: boolean): void {
    if (this.done) return;
    if (name === 'si') {
      this.index += 1;
      this.inItem = true;
      this.item = '';
      this.phonetic = 0;
      if (selfClosing) this.close('si');
    } else if (this.inItem && name === 'rPh' && !selfClosing) this.phonetic += 1;
    else if (this.inItem && name === 't' && this.phonetic === 0 && !selfClosing) this.gathering = true;
  }

  close(name: string): void {
    if (this.done) return;
    if (name === 'rPh' && this.inItem) this.phonetic -= 1;
    else if (name === 't' && this.gathering) {
      this.gathering = false;
      this.item += this.gathered.take();
      this.gathered.check(this.item);
    } else if (name === 'si' && this.inItem) {
      this.inItem = false;
      if (this.wanted.has(this.index)) this.strings.set(this.index, this.item);
      this.done = this.index >= this.last;
    }
  }

  text(source: string, from: number, to: number): void {
    if (this.gathering && !this.done) this.gathered.add(source.slice(from, to));
  }
}
