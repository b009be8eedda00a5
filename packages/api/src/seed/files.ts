import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Executor } from '../db';
import { newFileLocation } from '../files/service';
import { storageFor } from '../files/storage';
import { files } from '../files/tables';

/** Content types of the files a demo stores. */
const seedTypes = { png: 'image/png', pdf: 'application/pdf' } as const;

/**
 * Stores a generated file as the tenant's upload named `attachmentName` (a poster background, a voucher, a
 * 制度's PDF), its kind read from the name's extension; its location.
 */
export async function storeSeedFile(
  db: Executor,
  dataDir: string,
  tenantId: number,
  attachmentName: string,
  bytes: Buffer,
) {
  const extension = attachmentName.split('.').at(-1) as keyof typeof seedTypes;
  const contentType = seedTypes[extension];
  if (!contentType) throw new Error(`storeSeedFile: no content type for ${attachmentName}`);
  const storage = storageFor(dataDir);
  const location = newFileLocation('private', extension);
  await mkdir(storage.stagingDir, { recursive: true });
  const staged = path.join(
    storage.stagingDir,
    `seed-${createHash('sha1').update(location).digest('hex')}.${extension}`,
  );
  await writeFile(staged, bytes);
  await storage.putFile(location, staged);
  await db.insert(files).values({
    tenantId,
    fileLocation: location,
    attachmentName,
    fileExtensions: extension,
    contentType,
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    visibility: 'private',
    purpose: 'upload',
  });
  return location;
}
