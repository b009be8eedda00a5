import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { businessError } from '../http/errors';
import { type ContractDocument, contractMarkdown } from './contract';
import { demoContract } from './demo-contract';
import { newDocument, numberPages, parseMarkdown, renderBlocks } from './markdown';

/** Bumped when the layout changes, so cached PDFs are made again. */
const rendererVersion = '3';

export interface GeneratedDocument {
  path: string;
  fileName: string;
  size: number;
}

const inflight = new Map<string, Promise<string>>();

/** Lays Markdown out as a numbered A4 document; the caller pipes or reads what it streams. */
function markdownDocument(markdown: string, title: string) {
  const doc = newDocument({ title });
  renderBlocks(doc, parseMarkdown(markdown));
  numberPages(doc, title);
  doc.end();
  return doc;
}

/** A PDF made from Markdown, in memory: a small document stored as an upload (a demo's 制度文件). */
export function markdownPdf(markdown: string, title: string): Promise<Buffer> {
  const doc = markdownDocument(markdown, title);
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** A contract (`pdf/contract.ts`) as a PDF, in memory. */
export function contractPdf(contract: ContractDocument): Promise<Buffer> {
  return markdownPdf(contractMarkdown(contract), contract.title);
}

async function renderToFile(target: string, markdown: string, title: string): Promise<void> {
  const temporary = `${target}.${randomBytes(4).toString('hex')}.tmp`;
  const doc = markdownDocument(markdown, title);
  const out = createWriteStream(temporary);
  const written = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
    doc.on('error', reject);
  });
  doc.pipe(out);
  try {
    await written;
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * A PDF made from Markdown once and kept in DATA_DIR/generated under a name carrying the source's hash: a
 * changed source makes a new file (older ones of the same stem are removed), concurrent callers share one
 * rendering.
 */
async function cachedPdf(config: Config, stem: string, markdown: string, title: string): Promise<string> {
  const folder = path.join(config.dataDir, 'generated');
  const hash = createHash('sha256').update(rendererVersion).update(markdown).digest('hex').slice(0, 16);
  const target = path.join(folder, `${stem}-${hash}.pdf`);
  const existing = inflight.get(target);
  if (existing) return existing;
  const made = (async () => {
    if (await stat(target).catch(() => null)) return target;
    await mkdir(folder, { recursive: true });
    await renderToFile(target, markdown, title);
    for (const name of await readdir(folder)) {
      if (name.startsWith(`${stem}-`) && name.endsWith('.pdf') && path.join(folder, name) !== target) {
        await rm(path.join(folder, name), { force: true });
      }
    }
    return target;
  })().finally(() => inflight.delete(target));
  inflight.set(target, made);
  return made;
}

async function describe(filePath: string, fileName: string): Promise<GeneratedDocument> {
  return { path: filePath, fileName, size: (await stat(filePath)).size };
}

/** The console's user manual (docs/USER_MANUAL.md) as a PDF. */
export async function userManualPdf(config: Config): Promise<GeneratedDocument> {
  const markdown = await readFile(config.userManualPath, 'utf8').catch(() => {
    throw businessError('用户手册暂未提供');
  });
  const file = await cachedPdf(config, 'user-manual', markdown, 'CP运营管理系统用户手册');
  return describe(file, 'CP运营管理系统用户手册.pdf');
}

/** A multi-page lease contract for trying the PDF viewer. */
export async function demoContractPdf(config: Config): Promise<GeneratedDocument> {
  const file = await cachedPdf(config, 'demo-contract', contractMarkdown(demoContract), demoContract.title);
  return describe(file, '车辆租赁合同（演示）.pdf');
}
