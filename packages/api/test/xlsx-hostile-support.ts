import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { constants, deflateRawSync } from 'node:zlib';

/** One part of a hand-made archive: deflated bytes and the size the header claims (a bomb may lie). */
export interface Part {
  name: string;
  deflated: Buffer;
  declaredSize: number;
}

const part = (name: string, text: string): Part => {
  const bytes = Buffer.from(text, 'utf8');
  return { name, deflated: deflateRawSync(bytes), declaredSize: bytes.length };
};

const repeatedBlocks = new Map<string, Buffer>();
/**
 * A part whose XML is `head`, then `unit` again and again (`times` copies), then `tail`: deflate blocks of
 * the repeated text are made once and laid side by side, so a file inflating to hundreds of MB costs the test
 * no memory. `declaredSize` is the truth unless a lie is asked for.
 */
export function repeatedPart(
  name: string,
  {
    head,
    unit,
    times,
    tail,
    declaredSize,
  }: { head: string; unit: string; times: number; tail: string; declaredSize?: number },
): Part {
  const perBlock = Math.max(1, Math.floor((1024 * 1024) / Buffer.byteLength(unit)));
  const blockOf = (count: number) => {
    const key = `${unit}\u0000${count}`;
    let block = repeatedBlocks.get(key);
    if (!block) {
      block = deflateRawSync(Buffer.from(unit.repeat(count)), { finishFlush: constants.Z_FULL_FLUSH });
      repeatedBlocks.set(key, block);
    }
    return block;
  };
  const flushed = (text: string) => deflateRawSync(Buffer.from(text), { finishFlush: constants.Z_FULL_FLUSH });
  const blocks: Buffer[] = [flushed(head)];
  for (let left = times; left > 0; left -= perBlock) blocks.push(blockOf(Math.min(perBlock, left)));
  blocks.push(deflateRawSync(Buffer.from(tail)));
  const size = Buffer.byteLength(head) + Buffer.byteLength(unit) * times + Buffer.byteLength(tail);
  return { name, deflated: Buffer.concat(blocks), declaredSize: declaredSize ?? size };
}

/** A ZIP archive of deflated parts, written by hand so that sizes can lie (CRCs are left at zero). */
export function zipOf(parts: readonly Part[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const { name, deflated, declaredSize } of parts) {
    const nameBytes = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(deflated.length, 18);
    local.writeUInt32LE(Math.min(declaredSize, 0xffff_ffff), 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0800, 8);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(deflated.length, 20);
    header.writeUInt32LE(Math.min(declaredSize, 0xffff_ffff), 24);
    header.writeUInt16LE(nameBytes.length, 28);
    header.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, deflated);
    central.push(header, nameBytes);
    offset += 30 + nameBytes.length + deflated.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The usual parts around a first sheet, with tag names under `prefix` (`x:`) when asked. */
export function workbookParts(sheetXml: Part | string, sharedXml?: Part | string, prefix = ''): Part[] {
  const ns = prefix ? `xmlns:${prefix.slice(0, -1)}` : 'xmlns';
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rels = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const parts = [
    part('[Content_Types].xml', '<Types/>'),
    part(
      'xl/workbook.xml',
      `<${prefix}workbook ${ns}="${main}" xmlns:r="${rels}"><${prefix}sheets>` +
        `<${prefix}sheet name="导入" sheetId="1" r:id="rId1"/></${prefix}sheets></${prefix}workbook>`,
    ),
    part(
      'xl/_rels/workbook.xml.rels',
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Id="rId1" Type="${rels}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    typeof sheetXml === 'string' ? part('xl/worksheets/sheet1.xml', sheetXml) : sheetXml,
  ];
  if (sharedXml !== undefined) {
    parts.push(typeof sharedXml === 'string' ? part('xl/sharedStrings.xml', sharedXml) : sharedXml);
  }
  return parts;
}

/** A worksheet's XML around `sheetData` content, tag names under `prefix`. */
export const sheetXml = (rows: string, prefix = '') =>
  `<${prefix}worksheet xmlns${prefix ? `:${prefix.slice(0, -1)}` : ''}="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` +
  `<${prefix}sheetData>${rows}</${prefix}sheetData></${prefix}worksheet>`;

/** The 2 KB file of the report: a sheet whose `<row>` opens `times` times and never closes. */
export const unclosedRows = (times: number) =>
  zipOf(
    workbookParts(
      repeatedPart('xl/worksheets/sheet1.xml', {
        head: '<worksheet><sheetData>',
        unit: '<row>',
        times,
        tail: '',
      }),
    ),
  );

/** A row of `count` cells addressed far beyond column XFD (`AAAAAA2`: column 12,356,630). */
export const hugeColumns = (header: string, count: number, letters = 'AAAAAA') =>
  zipOf(
    workbookParts(
      sheetXml(
        `<row r="1">${header}</row><row r="2">${`<c r="${letters}2" t="inlineStr"><is><t>x</t></is></c>`.repeat(count)}</row>`,
      ),
    ),
  );

export interface Measured<T> {
  value?: T;
  error?: unknown;
  /** Wall time: reported, never bounded (a busy machine stretches it without the reader doing more). */
  ms: number;
  /** CPU time of this process while `run` went on (user + system, libuv's inflating threads included). */
  cpuMs: number;
  /** The longest the event loop waited while `run` went on. */
  maxBlockMs: number;
  /** The highest heap use seen, above the heap at the start. */
  heapGrowthMb: number;
}

/** Runs `run`, watching how long it takes, the longest event-loop block and the heap's growth. */
async function measured<T>(run: () => Promise<T>): Promise<Measured<T>> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 5);
  histogram.enable();
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const outcome = await run().then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  histogram.disable();
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  return {
    ...outcome,
    ms,
    cpuMs: (cpu.user + cpu.system) / 1000,
    maxBlockMs: histogram.max / 1e6,
    heapGrowthMb: (peak - base) / 2 ** 20,
  };
}

export interface Bounds {
  /** CPU time the process spent (user + system, all its threads): the work done, whatever else the machine runs. */
  cpuMs: number;
  blockMs: number;
  heapMb: number;
}

/**
 * `measured`, once more when a bound is passed: on a busy machine the scheduler or a garbage collection of
 * the test's own garbage can hold the event loop once; a reader that blocks does so every time. Answers
 * the better of the two runs, metric by metric.
 */
export async function measuredWithin<T>(run: () => Promise<T>, bounds: Bounds): Promise<Measured<T>> {
  const first = await measured(run);
  const within = (m: Measured<T>) =>
    m.cpuMs < bounds.cpuMs && m.maxBlockMs < bounds.blockMs && m.heapGrowthMb < bounds.heapMb;
  if (within(first)) return first;
  const second = await measured(run);
  return {
    ...second,
    ms: Math.min(first.ms, second.ms),
    cpuMs: Math.min(first.cpuMs, second.cpuMs),
    maxBlockMs: Math.min(first.maxBlockMs, second.maxBlockMs),
    heapGrowthMb: Math.min(first.heapGrowthMb, second.heapGrowthMb),
  };
}
