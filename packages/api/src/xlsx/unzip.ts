import { createReadStream } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { pipeline } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { invalidXlsx, sizeText, XlsxError } from './error';

interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  size: number;
  headerOffset: number;
}

const signatures = {
  end: 0x06054b50,
  zip64Locator: 0x07064b50,
  zip64End: 0x06064b50,
  central: 0x02014b50,
  local: 0x04034b50,
};
const unknown32 = 0xffff_ffff;
const chunkBytes = 64 * 1024;

const notXlsx = () =>
  invalidXlsx('不是 .xlsx 文件（可能是旧版 .xls、加了密码或已损坏的文件），请在 Excel 中另存为 .xlsx 后重试');
const brokenDirectory = () => invalidXlsx('压缩包的目录已损坏');
/** Part names of a package compare without case (OPC). */
const keyOf = (name: string) => name.replace(/\\/g, '/').replace(/^\//, '').toLowerCase();

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  if (bytesRead < length) throw brokenDirectory();
  return buffer;
}

/** Where the central directory lies and how many entries it lists, from the end record (ZIP64 when marked). */
async function directoryOf(handle: FileHandle, fileSize: number) {
  if (fileSize < 22) throw notXlsx();
  const tailLength = Math.min(fileSize, 22 + 0xffff);
  const tailStart = fileSize - tailLength;
  const tail = await readAt(handle, tailStart, tailLength);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === signatures.end && i + 22 + tail.readUInt16LE(i + 20) <= tail.length) {
      at = i;
      break;
    }
  }
  if (at < 0) throw notXlsx();
  let count = tail.readUInt16LE(at + 10);
  let size = tail.readUInt32LE(at + 12);
  let offset = tail.readUInt32LE(at + 16);
  if (count === 0xffff || size === unknown32 || offset === unknown32) {
    const locatorAt = tailStart + at - 20;
    if (locatorAt < 0) throw brokenDirectory();
    const locator = await readAt(handle, locatorAt, 20);
    if (locator.readUInt32LE(0) !== signatures.zip64Locator) throw brokenDirectory();
    const endAt = Number(locator.readBigUInt64LE(8));
    if (endAt + 56 > fileSize) throw brokenDirectory();
    const end = await readAt(handle, endAt, 56);
    if (end.readUInt32LE(0) !== signatures.zip64End) throw brokenDirectory();
    count = Number(end.readBigUInt64LE(32));
    size = Number(end.readBigUInt64LE(40));
    offset = Number(end.readBigUInt64LE(48));
  }
  if (offset + size > fileSize) throw brokenDirectory();
  return { count, size, offset };
}

/** Sizes and offset from a ZIP64 extra field, for those the header marks as unknown. */
function withZip64(extra: Buffer, entry: ZipEntry): void {
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 1) {
      let field = at + 4;
      const next = () => {
        if (field + 8 > at + 4 + length || field + 8 > extra.length) throw brokenDirectory();
        const value = Number(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      if (entry.size === unknown32) entry.size = next();
      if (entry.compressedSize === unknown32) entry.compressedSize = next();
      if (entry.headerOffset === unknown32) entry.headerOffset = next();
      return;
    }
    at += 4 + length;
  }
}

function entriesOf(directory: Buffer, count: number): Map<string, ZipEntry> {
  const entries = new Map<string, ZipEntry>();
  let at = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== signatures.central) throw brokenDirectory();
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const end = at + 46 + nameLength + extraLength + commentLength;
    if (end > directory.length) throw brokenDirectory();
    const flags = directory.readUInt16LE(at + 8);
    const name = directory.toString(flags & 0x800 ? 'utf8' : 'latin1', at + 46, at + 46 + nameLength);
    const entry: ZipEntry = {
      name,
      flags,
      method: directory.readUInt16LE(at + 10),
      compressedSize: directory.readUInt32LE(at + 20),
      size: directory.readUInt32LE(at + 24),
      headerOffset: directory.readUInt32LE(at + 42),
    };
    withZip64(directory.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength), entry);
    if (!entries.has(keyOf(name))) entries.set(keyOf(name), entry);
    at = end;
  }
  return entries;
}

/**
 * An .xlsx archive read through its central directory: each part is inflated by Node's zlib (on libuv's
 * threads) and handed out in 64 KB chunks as the reader asks, so a part that inflates to gigabytes costs no
 * more than the chunks read before the reader stops or its limit is reached.
 */
export class ZipArchive {
  private constructor(
    private readonly filePath: string,
    private readonly fileSize: number,
    private readonly entries: ReadonlyMap<string, ZipEntry>,
  ) {}

  static async open(filePath: string): Promise<ZipArchive> {
    const handle = await open(filePath, 'r');
    try {
      const { size: fileSize } = await handle.stat();
      const { count, size, offset } = await directoryOf(handle, fileSize);
      return new ZipArchive(filePath, fileSize, entriesOf(await readAt(handle, offset, size), count));
    } finally {
      await handle.close();
    }
  }

  has(name: string): boolean {
    return this.entries.has(keyOf(name));
  }

  private async dataStart(entry: ZipEntry): Promise<number> {
    const handle = await open(this.filePath, 'r');
    try {
      if (entry.headerOffset + 30 > this.fileSize) throw brokenDirectory();
      const header = await readAt(handle, entry.headerOffset, 30);
      if (header.readUInt32LE(0) !== signatures.local) throw brokenDirectory();
      return entry.headerOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    } finally {
      await handle.close();
    }
  }

  /** The inflated bytes of part `name` (nothing if there is no such part); refused past `maxBytes`. */
  async *inflate(name: string, maxBytes: number): AsyncGenerator<Buffer> {
    const entry = this.entries.get(keyOf(name));
    if (!entry) return;
    const tooLarge = () => invalidXlsx(`${entry.name} 解压后超过 ${sizeText(maxBytes)}`);
    if (entry.flags & 1) throw invalidXlsx('文件加了密码，请取消密码后重试');
    if (entry.method !== 0 && entry.method !== 8)
      throw invalidXlsx(`${entry.name} 的压缩方式（${entry.method}）不受支持`);
    if (entry.size > maxBytes) throw tooLarge();
    const start = await this.dataStart(entry);
    if (start + entry.compressedSize > this.fileSize) throw invalidXlsx(`${entry.name} 的压缩数据不完整`);
    if (entry.compressedSize === 0) return;
    const source = createReadStream(this.filePath, {
      start,
      end: start + entry.compressedSize - 1,
      highWaterMark: chunkBytes,
    });
    const stream =
      entry.method === 8 ? pipeline(source, createInflateRaw({ chunkSize: chunkBytes }), () => {}) : source;
    let total = 0;
    try {
      for await (const chunk of stream) {
        total += (chunk as Buffer).length;
        if (total > maxBytes) throw tooLarge();
        yield chunk as Buffer;
      }
    } catch (error) {
      if (error instanceof XlsxError || !String((error as { code?: string }).code).startsWith('Z_')) throw error;
      throw invalidXlsx(`${entry.name} 的压缩数据已损坏`);
    } finally {
      source.destroy();
    }
  }
}
