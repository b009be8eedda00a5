import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db';
import { newFileLocation } from '../files/service';
import { storageFor } from '../files/storage';
import { files } from '../files/tables';

/** Stores a generated PNG as the tenant's upload named `attachmentName` (a poster background, a voucher); its location. */
export async function storeSeedPng(db: Db, dataDir: string, tenantId: number, attachmentName: string, bytes: Buffer) {
  const storage = storageFor(dataDir);
  const location = newFileLocation('private', 'png');
  await mkdir(storage.stagingDir, { recursive: true });
  const staged = path.join(storage.stagingDir, `seed-${createHash('sha1').update(location).digest('hex')}.png`);
  await writeFile(staged, bytes);
  await storage.putFile(location, staged);
  await db.insert(files).values({
    tenantId,
    fileLocation: location,
    attachmentName,
    fileExtensions: 'png',
    contentType: 'image/png',
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    visibility: 'private',
    purpose: 'upload',
  });
  return location;
}
