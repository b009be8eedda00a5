import { refusalEnvelope } from '@cp/contracts';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db';
import { access } from '../http/access';
import { failure } from '../http/reply';
import { fileResponses, type RoutePlugin } from '../http/schemas';
import { imageExtensions } from './content';
import { generatedDocuments, openGenerated } from './generated';
import { sendFile } from './serve';
import { signedUrlPrefix } from './service';
import { signingKey, verifyGrant } from './signing';
import { storageFor } from './storage';
import { files } from './tables';

const tags = ['文件'];
/** The rest of the path after the route's prefix. */
const wildcardParams = z.object({ '*': z.string() });
/** The file, or an envelope with HTTP 403 for an expired or invalid link and 404 for a file that is gone. */
const downloadResponses = { ...fileResponses('文件内容'), 403: refusalEnvelope, 404: refusalEnvelope };

/**
 * Where files are fetched: signed URLs (no session header needed, so a browser tab, a download link or the
 * PDF viewer can open them) and permanent URLs of public files.
 */
export const fileDownloadRoutes: RoutePlugin<{ db: Db; config: Config }> = async (app, { db, config }) => {
  const storage = storageFor(config.dataDir);

  app.get(
    `${signedUrlPrefix}*`,
    {
      config: { access: access.public },
      schema: {
        summary: '通过签名链接下载文件（无需登录，链接限时）：/api/files/signed/{token}/{文件名}',
        tags,
        params: wildcardParams,
        response: downloadResponses,
      },
    },
    async (request, reply) => {
      // `<token>/<file name>`; a wildcard, as the token is longer than a path parameter may be.
      const token = request.params['*'].split('/')[0] ?? '';
      const check = verifyGrant(await signingKey(db), token);
      if (!check.ok) {
        const message = check.reason === 'expired' ? '链接已过期，请重新获取' : '链接无效';
        return reply.status(403).send(failure(403, message));
      }
      const { grant } = check;
      const maxAge = Math.max(0, grant.expires - Math.floor(Date.now() / 1000));
      if (grant.resource) {
        const produce = generatedDocuments[grant.resource];
        if (!produce) return reply.status(404).send(failure(404, '文件不存在'));
        const document = await produce(config);
        return sendFile(request, reply, {
          size: document.size,
          contentType: 'application/pdf',
          fileName: document.fileName,
          disposition: grant.disposition,
          maxAge,
          open: (range) => openGenerated(document.path, range),
        });
      }
      const [row] = await db
        .select()
        .from(files)
        .where(eq(files.id, grant.fileId ?? 0));
      // The grant names the tenant it was made for: a file that is not (or no longer) that tenant's is not served.
      if (!row || (row.tenantId ?? 0) !== grant.tenantId) return reply.status(404).send(failure(404, '文件不存在'));
      return sendFile(request, reply, {
        size: row.size,
        contentType: row.contentType,
        fileName: row.attachmentName,
        disposition: grant.disposition,
        maxAge,
        open: (range) => storage.read(row.fileLocation, range),
      });
    },
  );

  app.get(
    '/api/files/public/*',
    {
      config: { access: access.public },
      schema: {
        summary: '公开文件（商品图片等）：图片在页面中显示，其余文件以附件下载',
        tags,
        params: wildcardParams,
        response: downloadResponses,
      },
    },
    async (request, reply) => {
      const rest = request.params['*'];
      const [row] = await db
        .select()
        .from(files)
        .where(and(eq(files.fileLocation, `public/${rest}`), eq(files.visibility, 'public')));
      if (!row) return reply.status(404).send(failure(404, '文件不存在'));
      return sendFile(request, reply, {
        size: row.size,
        contentType: row.contentType,
        fileName: row.attachmentName,
        // Anyone may fetch these: only images open in the browser (with nosniff); a PDF or a clip downloads.
        disposition: imageExtensions.includes(row.fileExtensions) ? 'inline' : 'attachment',
        maxAge: 86_400,
        open: (range) => storage.read(row.fileLocation, range),
      });
    },
  );
};
