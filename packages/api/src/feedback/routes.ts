import {
  envelope,
  faultInput,
  feedbackReceipt,
  type ProductDocument,
  productDocument,
  productDocumentRequest,
  suggestionInput,
} from '@cp/contracts';
import type { Config } from '../config';
import type { Db } from '../db';
import { signedUrl } from '../files/service';
import { access, sessionOf } from '../http/access';
import { ok } from '../http/reply';
import type { RoutePlugin } from '../http/schemas';
import { userManualPdf } from '../pdf/documents';
import { submitFault, submitSuggestion } from './service';

const tags = ['意见反馈'];

export const feedbackRoutes: RoutePlugin<{ db: Db; config: Config }> = async (app, { db, config }) => {
  app.post(
    '/api/feedback/suggestions',
    {
      config: { access: access.session },
      schema: { summary: '提交建议', tags, body: suggestionInput, response: { 200: envelope(feedbackReceipt) } },
    },
    async (request) => ok(await submitSuggestion(db, request, request.body), '操作成功'),
  );

  app.post(
    '/api/feedback/faults',
    {
      config: { access: access.session },
      schema: { summary: '提交故障报告', tags, body: faultInput, response: { 200: envelope(feedbackReceipt) } },
    },
    async (request) => ok(await submitFault(db, request, request.body), '操作成功'),
  );

  app.post(
    '/api/feedback/product-document',
    {
      config: { access: access.session },
      schema: {
        summary: '产品文档（用户手册PDF的限时地址）',
        tags,
        body: productDocumentRequest,
        response: { 200: envelope(productDocument) },
      },
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
};
