import {
  type FaultInput,
  faultInput,
  type ProductDocument,
  productDocumentRequest,
  type SuggestionInput,
  suggestionInput,
} from '@cp/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db';
import { signedUrl } from '../files/service';
import { access, sessionOf } from '../http/access';
import { ok } from '../http/reply';
import { userManualPdf } from '../pdf/documents';
import { submitFault, submitSuggestion } from './service';

const tags = ['意见反馈'];

export async function feedbackRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  app.post(
    '/api/feedback/suggestions',
    {
      config: { access: access.session },
      schema: { summary: '提交建议', tags, body: suggestionInput },
    },
    async (request) => ok(await submitSuggestion(db, request, request.body as SuggestionInput), '操作成功'),
  );

  app.post(
    '/api/feedback/faults',
    {
      config: { access: access.session },
      schema: { summary: '提交故障报告', tags, body: faultInput },
    },
    async (request) => ok(await submitFault(db, request, request.body as FaultInput), '操作成功'),
  );

  app.post(
    '/api/feedback/product-document',
    {
      config: { access: access.session },
      schema: { summary: '产品文档（用户手册PDF的限时地址）', tags, body: productDocumentRequest },
    },
    async (request) => {
      // Opening the manual changes nothing: no audit record.
      request.auditRecorded = true;
      const manual = await userManualPdf(config);
      const link = await signedUrl(
        db,
        config,
        { resource: 'manual', tenantId: sessionOf(request).tenantId, disposition: 'inline' },
        manual.fileName,
      );
      const document: ProductDocument = { picsPath: { fileAccessUrl: link.url } };
      return ok(document);
    },
  );
}
