import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import type { Config } from '../src/config';
import { startTestApp, type TestContext } from './harness';

export interface FileTestContext extends TestContext {
  dataDir: string;
  /** Every regular file under DATA_DIR/files, staging included. */
  storedFiles(): string[];
}

type Overrides = Partial<Omit<Config, 'files' | 'jobs' | 'exports'>> & {
  files?: Partial<Config['files']>;
  jobs?: Partial<Config['jobs']>;
  exports?: Partial<Config['exports']>;
};

/** The test app with its own data folder (files, generated PDFs) and, unless asked, no background worker. */
export async function startFileApp(overrides: Overrides = {}): Promise<FileTestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cp-files-'));
  const { files, jobs, exports, ...rest } = overrides;
  const base = (await import('../src/config')).loadConfig({});
  const ctx = await startTestApp({
    ...rest,
    dataDir,
    files: { ...base.files, ...files },
    jobs: { ...base.jobs, worker: false, pollMs: 50, ...jobs },
    exports: { ...base.exports, ...exports },
  });
  return {
    ...ctx,
    dataDir,
    storedFiles: () => listFiles(path.join(dataDir, 'files')),
    close: async () => {
      await ctx.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function listFiles(folder: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(folder);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const full = path.join(folder, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}

export interface Part {
  name: string;
  content: Buffer;
  field?: string;
  type?: string;
}

/** A multipart/form-data body; `truncate` cuts it off mid-way, as a dropped connection would. */
export function multipart(parts: readonly Part[], options: { truncate?: number } = {}) {
  const boundary = `----cpTest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.name}"\r\n` +
          `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      part.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  let payload = Buffer.concat(chunks);
  if (options.truncate !== undefined) payload = payload.subarray(0, options.truncate);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Real (tiny) files of each kind, and impostors. */
export const samples = {
  png: pngBytes,
  jpg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1), Buffer.from([0xff, 0xd9])]),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  xlsx: Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8('<Types/>'),
      'xl/workbook.xml': strToU8('<workbook/>'),
      'xl/worksheets/sheet1.xml': strToU8('<worksheet><sheetData/></worksheet>'),
    }),
  ),
  docx: Buffer.from(
    zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'word/document.xml': strToU8('<document/>') }),
  ),
  text: Buffer.from('这不是图片，只是一段文字。'),
};
