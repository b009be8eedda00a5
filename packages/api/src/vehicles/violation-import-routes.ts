import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db';
import { uploadPolicy } from '../files/routes';
import { storageFor } from '../files/storage';
import { headerProblem, violationTemplate } from '../files/templates';
import { discardStaged, receiveFiles } from '../files/upload';
import { access, sessionOf } from '../http/access';
import { badRequest, businessError } from '../http/errors';
import { ok } from '../http/reply';
import { readSheetRows } from '../xlsx/reader';
import { vehicleTags } from './action-route';
import { checkViolationRows, importRefused, maxImportRows, saveViolations } from './violation-import';

/** A filled-in template is small; this route takes no more, whatever the general upload limit. */
const maxImportFileMb = 2;

export async function violationImportRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const storage = storageFor(config.dataDir);

  app.post(
    '/api/vehicle-violations/import',
    {
      config: { access: access.permission('violationManagement:import') },
      schema: {
        summary: '导入违章（按模板填写的xlsx，全部通过校验才保存）',
        description:
          `表单字段 file：一个 .xlsx，不超过${maxImportFileMb}MB、${maxImportRows}条。成功时 data 为 { imported, skipped }` +
          '（与已有违章同车、同时间、同违章行为的行跳过）；有错误时 code 1000，data.problems 列出每处错误（row 行号、field 列名、message）。',
        tags: vehicleTags,
        consumes: ['multipart/form-data'],
      },
    },
    async (request) => {
      const policy = {
        ...uploadPolicy(config, ['xlsx']),
        maxFiles: 1,
        maxFileMb: Math.min(maxImportFileMb, config.files.maxFileMb),
      };
      if (policy.extensions.length === 0) throw badRequest('文件格式不正确!');
      const { staged } = await receiveFiles(request, policy, storage.stagingDir);
      const file = staged[0];
      // The rows are all the import needs: the upload is not kept, whatever the outcome.
      const sheet = await Promise.resolve(file && readSheetRows(file.localPath, { maxRows: maxImportRows + 1 }))
        .catch(() => null)
        .finally(() => discardStaged(staged));
      if (!file || !sheet) throw badRequest('无法读取该Excel文件，请使用模板填写');
      const [header, ...rows] = sheet.rows;
      const problem = headerProblem(violationTemplate, header?.cells ?? []);
      if (problem) throw badRequest(problem);
      if (sheet.more) throw businessError(`一次最多导入${maxImportRows}条，请分批导入`);
      if (rows.length === 0) throw businessError('模板中没有数据');
      const { checked, problems } = await checkViolationRows(db, sessionOf(request).tenantId, rows);
      if (problems.length > 0) throw importRefused(problems);
      return ok(await saveViolations(db, request, checked, file.attachmentName));
    },
  );
}
