import { envelope, text, uploadMessages, uploadResult } from '@cp/contracts';
import { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db';
import { access, hasPermission, sessionOf } from '../http/access';
import { ApiError, badRequest, forbidden, notFound } from '../http/errors';
import { fileForm } from '../http/openapi';
import { ok } from '../http/reply';
import { fileResponses, type RoutePlugin } from '../http/schemas';
import { acceptMultipart } from '../http/uploads';
import type { SessionContext } from '../identity/sessions';
import { readHeaderRow, XlsxError } from '../xlsx/reader';
import { contentTypeOf } from './content';
import { openGenerated } from './generated';
import { uploadPolicy } from './routes';
import { sendFile } from './serve';
import { fileDto } from './service';
import { storageFor } from './storage';
import { storeStaged } from './store';
import { headerProblem, importTemplate, templateFile } from './templates';
import { discardStaged, receiveFiles } from './upload';

const tags = ['导入模板'];
const kindParams = z.strictObject({ kind: text().trim().min(1).max(64).meta({ title: '模板类型' }) });
const uploadedTemplate = uploadResult.extend({ templateKind: text() });

/** The template of `kind`, if the user holds the import button of its screen. */
function templateFor(auth: SessionContext, kind: string) {
  const template = importTemplate(kind);
  if (!template) throw notFound('导入模板');
  if (!hasPermission(auth, [template.permission])) throw forbidden();
  return template;
}

export const templateRoutes: RoutePlugin<{ db: Db; config: Config }> = async (app, { db, config }) => {
  await acceptMultipart(app, config.files);
  const storage = storageFor(config.dataDir);

  app.get(
    '/api/gateway/storage/templates/:kind',
    {
      // Each template checks the import button of its own screen.
      config: { access: access.session },
      schema: {
        summary: '下载导入模板（xlsx 二进制）',
        tags,
        params: kindParams,
        response: fileResponses('导入模板', contentTypeOf('xlsx')),
      },
    },
    async (request, reply) => {
      const template = templateFor(sessionOf(request), request.params.kind);
      const file = await templateFile(config, template);
      return sendFile(request, reply, {
        size: file.size,
        contentType: contentTypeOf('xlsx'),
        fileName: `${template.name}.xlsx`,
        disposition: 'attachment',
        maxAge: 0,
        open: (range) => openGenerated(file.path, range),
      });
    },
  );

  app.post(
    '/api/gateway/storage/templates/:kind',
    {
      config: { access: access.session, form: fileForm(false) },
      schema: {
        summary: '上传填好的导入模板（xlsx，校验表头后保存）',
        tags,
        params: kindParams,
        response: { 200: envelope(uploadedTemplate) },
      },
    },
    async (request) => {
      const template = templateFor(sessionOf(request), request.params.kind);
      const policy = { ...uploadPolicy(config, ['xlsx']), maxFiles: 1 };
      if (policy.extensions.length === 0) throw badRequest('文件格式不正确!');
      const { staged } = await receiveFiles(request, policy, storage.stagingDir);
      const [file] = staged;
      try {
        const problem = file ? headerProblem(template, await readHeaderRow(file.localPath)) : null;
        if (problem) throw badRequest(problem);
      } catch (error) {
        await discardStaged(staged);
        if (error instanceof ApiError) throw error;
        throw badRequest(error instanceof XlsxError ? error.message : '无法读取该Excel文件，请使用模板填写');
      }
      const rows = await storeStaged(db, storage, request, staged, {
        visibility: 'private',
        purpose: `import:${template.kind}`,
      });
      const stored = await Promise.all(rows.map((row) => fileDto(db, config, row, 'attachment')));
      const [first] = stored;
      if (!first) throw badRequest(uploadMessages.noFile);
      return ok({ ...first, files: stored, templateKind: template.kind });
    },
  );
};
