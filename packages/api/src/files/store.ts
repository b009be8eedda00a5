import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../audit/service';
import type { Db } from '../db';
import { sessionOf } from '../http/access';
import { contentTypeOf } from './content';
import { type FileRow, type NewFileRow, newFileLocation, type Visibility } from './service';
import type { FileStorage } from './storage';
import { files } from './tables';
import { discardStaged, type StagedFile } from './upload';

/**
 * Moves checked files into the storage and records them, with an audit entry each, for the caller's
 * tenant — the session's, or `owner` for a caller without one (the drivers' app: no user uploads). Either
 * all of them are stored or none: a failure removes what was already moved.
 */
export async function storeStaged(
  db: Db,
  storage: FileStorage,
  request: FastifyRequest,
  staged: readonly StagedFile[],
  options: { visibility: Visibility; purpose: string; owner?: { tenantId: number; userId: null } },
): Promise<FileRow[]> {
  const auth = options.owner ?? sessionOf(request);
  const moved: string[] = [];
  try {
    const values: NewFileRow[] = [];
    for (const file of staged) {
      const fileLocation = newFileLocation(options.visibility, file.fileExtensions);
      await storage.putFile(fileLocation, file.localPath);
      moved.push(fileLocation);
      values.push({
        tenantId: auth.tenantId,
        fileLocation,
        attachmentName: file.attachmentName,
        fileExtensions: file.fileExtensions,
        contentType: contentTypeOf(file.fileExtensions),
        size: file.size,
        sha256: file.sha256,
        visibility: options.visibility,
        purpose: options.purpose,
        uploadedBy: auth.userId,
      });
    }
    return await db.transaction(async (tx) => {
      const rows = await tx.insert(files).values(values).returning();
      for (const row of rows) {
        await recordAudit(tx, request, {
          action: 'upload',
          entity: 'file',
          entityId: row.id,
          changes: {
            file: {
              from: null,
              to: { fileLocation: row.fileLocation, attachmentName: row.attachmentName, size: row.size },
            },
          },
        });
      }
      return rows;
    });
  } catch (error) {
    await Promise.all(moved.map((key) => storage.delete(key)));
    await discardStaged(staged);
    throw error;
  }
}
