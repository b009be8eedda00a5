import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { uploadMessages } from '@cp/contracts';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest } from '../http/errors';
import { contentMatches, headBytes } from './content';
import { cleanFileName, extensionOf } from './disposition';

/** What one upload route accepts. */
export interface UploadPolicy {
  extensions: readonly string[];
  maxFiles: number;
  maxFileMb: number;
}

/** A file received completely and checked, waiting in the staging folder to be stored. */
export interface StagedFile {
  localPath: string;
  attachmentName: string;
  fileExtensions: string;
  size: number;
  sha256: string;
}

const tooLarge = (policy: UploadPolicy) => ApiError.of('tooLarge', uploadMessages.tooLarge(policy.maxFileMb));
const tooMany = (policy: UploadPolicy) => ApiError.of('tooLarge', uploadMessages.tooMany(policy.maxFiles));

/** The parser's own errors, as the messages of SPEC §5. */
function translate(error: unknown, policy: UploadPolicy): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(policy);
  if (code === 'FST_FILES_LIMIT') return tooMany(policy);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return ApiError.of('tooLarge', '上传内容超出限制');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return badRequest('请以 multipart/form-data 上传文件');
  if (error instanceof ApiError) return error;
  const message = (error as Error).message ?? '';
  if (code === 'FST_PREMATURE_CLOSE' || /Unexpected end|terminated early|aborted|premature/i.test(message)) {
    return badRequest(uploadMessages.interrupted);
  }
  return error;
}

/** Counts, hashes and keeps the head of the bytes going by; refuses more than `maxBytes`. */
class Inspector extends Transform {
  size = 0;
  head = Buffer.alloc(0);
  readonly hash = createHash('sha256');

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null, data?: Buffer) => void) {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return done(new SizeExceeded());
    if (this.head.length < headBytes) this.head = Buffer.concat([this.head, chunk.subarray(0, headBytes)]);
    this.hash.update(chunk);
    done(null, chunk);
  }
}

class SizeExceeded extends Error {}

/**
 * Waits until the staging file is closed. A request cut off early fails the pipeline while the file may still
 * be opening; removing it before then would let the open create it afterwards and leave it behind.
 */
async function closed(out: WriteStream): Promise<void> {
  if (out.closed) return;
  const closing = new Promise<void>((resolve) => out.once('close', () => resolve()));
  out.destroy();
  await closing;
}

async function stage(part: MultipartFile, policy: UploadPolicy, stagingDir: string): Promise<StagedFile> {
  const attachmentName = cleanFileName(part.filename);
  const extension = extensionOf(attachmentName);
  if (!extension || !policy.extensions.includes(extension)) {
    part.file.resume();
    throw badRequest(uploadMessages.badFormat);
  }
  const maxBytes = policy.maxFileMb * 1024 * 1024;
  const localPath = path.join(stagingDir, `${Date.now()}-${randomBytes(8).toString('hex')}.part`);
  const inspector = new Inspector(maxBytes);
  const out = createWriteStream(localPath);
  try {
    await pipeline(part.file, inspector, out);
    if (part.file.truncated) throw tooLarge(policy);
    if (inspector.size === 0) throw badRequest(uploadMessages.empty);
    if (!(await contentMatches(extension, inspector.head, localPath))) throw badRequest(uploadMessages.contentMismatch);
  } catch (error) {
    await closed(out);
    await rm(localPath, { force: true });
    if (error instanceof SizeExceeded) throw tooLarge(policy);
    throw error;
  }
  return {
    localPath,
    attachmentName,
    fileExtensions: extension,
    size: inspector.size,
    sha256: inspector.hash.digest('hex'),
  };
}

export async function discardStaged(staged: readonly StagedFile[]): Promise<void> {
  await Promise.all(staged.map((file) => rm(file.localPath, { force: true })));
}

/**
 * Receives the files of a multipart request one after another, each streamed to the staging folder while
 * its size, hash and first bytes are checked. Any failure — a limit, a wrong type, a dropped connection —
 * removes every file of the request already received.
 */
export async function receiveFiles(
  request: FastifyRequest,
  policy: UploadPolicy,
  stagingDir: string,
): Promise<{ staged: StagedFile[]; fields: Record<string, string> }> {
  await mkdir(stagingDir, { recursive: true });
  const staged: StagedFile[] = [];
  const fields: Record<string, string> = {};
  try {
    const parts = request.parts({
      // One byte past the limit, so a file of exactly the limit passes and one byte more is caught.
      limits: { fileSize: policy.maxFileMb * 1024 * 1024 + 1, files: policy.maxFiles, fields: 20, parts: 100 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (staged.length >= policy.maxFiles) throw tooMany(policy);
        staged.push(await stage(part, policy, stagingDir));
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    await discardStaged(staged);
    throw translate(error, policy);
  }
  if (staged.length === 0) throw badRequest(uploadMessages.noFile);
  return { staged, fields };
}
