import { once } from 'node:events';
import type { WriteStream } from 'node:fs';
import { crc32, createDeflateRaw } from 'node:zlib';

interface EntryRecord {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

const maxZip32 = 0xffff_ffff;

/** One file of the archive, written in pieces: bytes go through zlib (on libuv's threads) straight to disk. */
export interface ZipEntryWriter {
  /** Bytes written into the entry so far, before compression. */
  readonly size: number;
  write(data: Uint8Array): Promise<void>;
  end(): Promise<void>;
}

/**
 * A streaming ZIP writer: entries one after another, each with a data descriptor (sizes and CRC follow the
 * data), then the central directory. Deflate runs in Node's native zlib, off the JavaScript thread.
 */
export class ZipWriter {
  private offset = 0;
  private readonly entries: EntryRecord[] = [];
  private failure: Error | undefined;

  constructor(
    private readonly out: WriteStream,
    private readonly level = 4,
  ) {
    out.on('error', (error) => {
      this.failure ??= error;
    });
  }

  private async put(data: Buffer): Promise<void> {
    if (this.failure) throw this.failure;
    this.offset += data.length;
    if (!this.out.write(data)) await once(this.out, 'drain');
  }

  async entry(fileName: string): Promise<ZipEntryWriter> {
    const name = Buffer.from(fileName, 'utf8');
    const record: EntryRecord = { name, crc: 0, compressed: 0, size: 0, offset: this.offset };
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4); // version needed
    header.writeUInt16LE(0x0808, 6); // data descriptor follows; UTF-8 names
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt32LE(0x00210000, 10); // 1980-01-01 00:00
    header.writeUInt16LE(name.length, 26);
    await this.put(Buffer.concat([header, name]));

    const deflate = createDeflateRaw({ level: this.level });
    deflate.on('data', (chunk: Buffer) => {
      record.compressed += chunk.length;
      this.offset += chunk.length;
      if (!this.out.write(chunk)) {
        deflate.pause();
        this.out.once('drain', () => deflate.resume());
      }
    });
    deflate.on('error', (error) => {
      this.failure ??= error;
    });
    const ended = once(deflate, 'end');

    return {
      get size() {
        return record.size;
      },
      write: async (data) => {
        if (this.failure) throw this.failure;
        record.crc = crc32(data, record.crc);
        record.size += data.length;
        if (!deflate.write(data)) await once(deflate, 'drain');
      },
      end: async () => {
        deflate.end();
        await ended;
        if (this.failure) throw this.failure;
        if (record.size > maxZip32 || record.compressed > maxZip32) throw new Error('zip entry over 4 GiB');
        const descriptor = Buffer.alloc(16);
        descriptor.writeUInt32LE(0x08074b50, 0);
        descriptor.writeUInt32LE(record.crc >>> 0, 4);
        descriptor.writeUInt32LE(record.compressed, 8);
        descriptor.writeUInt32LE(record.size, 12);
        await this.put(descriptor);
        this.entries.push(record);
      },
    };
  }

  async add(fileName: string, text: string): Promise<void> {
    const entry = await this.entry(fileName);
    await entry.write(Buffer.from(text, 'utf8'));
    await entry.end();
  }

  /** Gives up: the file is closed as it is, for the caller to remove. */
  abort(): void {
    this.failure ??= new Error('aborted');
    this.out.destroy();
  }

  /** Writes the central directory and closes the file; answers the archive's size. */
  async finish(): Promise<number> {
    const start = this.offset;
    if (start > maxZip32) throw new Error('zip archive over 4 GiB');
    for (const entry of this.entries) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(0x031e, 4); // made by: Unix, spec 3.0
      header.writeUInt16LE(20, 6);
      header.writeUInt16LE(0x0808, 8);
      header.writeUInt16LE(8, 10);
      header.writeUInt32LE(0x00210000, 12);
      header.writeUInt32LE(entry.crc >>> 0, 16);
      header.writeUInt32LE(entry.compressed, 20);
      header.writeUInt32LE(entry.size, 24);
      header.writeUInt16LE(entry.name.length, 28);
      header.writeUInt32LE(0o100644 * 0x10000, 38); // external attributes: a regular file, rw-r--r--
      header.writeUInt32LE(entry.offset, 42);
      await this.put(Buffer.concat([header, entry.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.put(end);
    this.out.end();
    await once(this.out, 'finish');
    if (this.failure) throw this.failure;
    return this.offset;
  }
}
