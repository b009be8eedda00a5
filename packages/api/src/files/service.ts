import { randomBytes } from 'node:crypto';
import type { StoredFileDto } from '@cp/contracts';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db, Executor } from '../db';
import { notFound } from '../http/errors';
import { signGrant, signingKey, type UrlGrant } from './signing';
import { files } from './tables';

export type FileRow = typeof files.$inferSelect;
export type NewFileRow = typeof files.$inferInsert;
export type Visibility = 'private' | 'public';

/** `private/2025/06/3f9c….pdf`: where the storage keeps a new file. */
export function newFileLocation(folder: string, extension: string, at = new Date()): string {
  const month = `${at.getUTCFullYear()}/${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
  const name = randomBytes(16).toString('hex');
  return `${folder}/${month}/${extension ? `${name}.${extension}` : name}`;
}

const publicUrlPrefix = '/api/files/public/';
export const signedUrlPrefix = '/api/files/signed/';

export async function findFile(db: Executor, tenantId: number, fileLocation: string): Promise<FileRow> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.fileLocation, fileLocation), eq(files.tenantId, tenantId)));
  if (!row) throw notFound('文件');
  return row;
}

/** A signed URL of a stored file or a generated document, valid for the configured minutes. */
export async function signedUrl(
  db: Db,
  config: Config,
  target: Omit<UrlGrant, 'expires'>,
  fileName: string,
  ttlSeconds = config.files.urlTtlSeconds,
): Promise<{ url: string; expiresAt: Date }> {
  const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
  const token = signGrant(await signingKey(db), { ...target, expires });
  return { url: `${signedUrlPrefix}${token}/${encodeURIComponent(fileName)}`, expiresAt: new Date(expires * 1000) };
}

/** What the API answers for a stored file: a permanent URL for public files, a signed one otherwise. */
export async function fileDto(
  db: Db,
  config: Config,
  row: FileRow,
  disposition: 'inline' | 'attachment' = 'inline',
): Promise<StoredFileDto> {
  const base = {
    fileLocation: row.fileLocation,
    attachmentName: row.attachmentName,
    fileExtensions: row.fileExtensions,
    size: row.size,
  };
  if (row.visibility === 'public') {
    const url = publicUrlPrefix + row.fileLocation.slice('public/'.length);
    return { ...base, fileTempUrl: url, url, expiresAt: null };
  }
  const link = await signedUrl(
    db,
    config,
    { fileId: row.id, tenantId: row.tenantId ?? 0, disposition },
    row.attachmentName,
  );
  return { ...base, fileTempUrl: link.url, url: link.url, expiresAt: link.expiresAt.toISOString() };
}
