import { envelope, qrScanResult, qrSignUpBody, qrSignUpResult, text } from '@cp/contracts';
import { and, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db';
import { contentDisposition } from '../files/disposition';
import { fileDto, findFile } from '../files/service';
import { access, sessionOf } from '../http/access';
import { ApiError, notFound } from '../http/errors';
import { MinuteLimiter } from '../http/rate-limit';
import { ok } from '../http/reply';
import { fileResponses, type RoutePlugin } from '../http/schemas';
import { idOf, idParams } from '../resource/routes';
import { recordScan } from './scans';
import { signUpThroughQrCode } from './signup';
import { qrCodes, qrTemplates } from './tables';

/** Pixels of the downloaded plain QR code: sharp when printed at 5 cm. */
const pngWidth = 600;

/** The QR code of a sign-up link as a PNG image (the `qrcode` package: its encoder and PNG writer). */
function qrPng(url: string, width = pngWidth): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', width, margin: 2, errorCorrectionLevel: 'M' });
}

/** What the browser draws a QR code's poster from: its template's layout and a link to the background. */
const posterSchema = z
  .object({
    name: text(),
    signUpUrl: text(),
    backgroundUrl: text().nullable(),
    qrX: z.number().int(),
    qrY: z.number().int(),
    qrSize: z.number().int(),
    caption: text().nullable(),
    captionX: z.number().int().nullable(),
    captionY: z.number().int().nullable(),
    captionSize: z.number().int(),
    captionColor: text(),
  })
  .meta({ id: 'QrPoster', title: '二维码海报' });

const codeParams = z.strictObject({ code: text().trim().min(1).max(64).meta({ title: '二维码编码' }) });

/** What 二维码管理 has beyond its family's routes: the PNG download and the public scan the link reports. */
export const qrCodeRoutes: RoutePlugin<{ db: Db; config: Config }> = async (app, { db, config }) => {
  app.get(
    '/api/qr-codes/:id/qr.png',
    {
      config: { access: access.permission('qrcodeManagement:download') },
      schema: {
        summary: '下载二维码图片（PNG）',
        tags: ['二维码'],
        params: idParams,
        response: fileResponses('二维码PNG图片', 'image/png'),
      },
    },
    async (request, reply) => {
      const [row] = await db
        .select({ name: qrCodes.name, signUpUrl: qrCodes.signUpUrl })
        .from(qrCodes)
        .where(and(eq(qrCodes.id, idOf(request.params)), eq(qrCodes.tenantId, sessionOf(request).tenantId)));
      if (!row) throw notFound('二维码');
      const png = await qrPng(row.signUpUrl);
      return reply
        .header('content-type', 'image/png')
        .header('content-disposition', contentDisposition('attachment', `${row.name}.png`))
        .header('cache-control', 'private, no-store')
        .send(png);
    },
  );

  app.get(
    '/api/qr-codes/:id/poster',
    {
      config: { access: access.permission('qrcodeManagement:download') },
      schema: {
        summary: '二维码海报的版式（模板的背景图链接、二维码与文案位置），供浏览器合成海报',
        tags: ['二维码'],
        params: idParams,
        response: { 200: envelope(posterSchema) },
      },
    },
    async (request) => {
      const { tenantId } = sessionOf(request);
      const [row] = await db
        .select({ code: qrCodes, template: qrTemplates })
        .from(qrCodes)
        .innerJoin(qrTemplates, eq(qrTemplates.id, qrCodes.templateId))
        .where(and(eq(qrCodes.id, idOf(request.params)), eq(qrCodes.tenantId, tenantId)));
      if (!row) throw notFound('二维码');
      const { template } = row;
      const [location] = template.background;
      const background = location ? await fileDto(db, config, await findFile(db, tenantId, location)) : null;
      return ok({
        name: row.code.name,
        signUpUrl: row.code.signUpUrl,
        backgroundUrl: background?.url ?? null,
        qrX: template.qrX,
        qrY: template.qrY,
        qrSize: template.qrSize,
        caption: template.caption,
        captionX: template.captionX,
        captionY: template.captionY,
        captionSize: template.captionSize,
        captionColor: template.captionColor,
      });
    },
  );

  const limiter = new MinuteLimiter(config.qrCodes.scansPerMinute);
  app.get(
    '/api/public/qr/:code',
    {
      config: { access: access.public },
      schema: {
        summary: '扫码计数（报名页打开时调用，无需登录，按来源地址限流）',
        description: '只回答编码是否有效，不透露所属分公司、渠道或业务员。',
        tags: ['二维码'],
        params: codeParams,
        response: { 200: envelope(qrScanResult) },
      },
    },
    async (request) => {
      const { code } = request.params;
      if (!limiter.take(request.ip)) throw ApiError.of('tooManyRequests', '扫码过于频繁，请稍后再试');
      return ok({ code, valid: await recordScan(db, code) });
    },
  );

  const signUps = new MinuteLimiter(config.qrCodes.scansPerMinute);
  app.post(
    '/api/public/qr-sign-up',
    {
      config: { access: access.public },
      schema: {
        summary: '扫码报名（报名页提交，无需登录，按来源地址限流）',
        description:
          '在二维码所属分公司以该二维码的渠道新增线索（来源：二维码），并计入该二维码的报名人数；已有未结束线索的手机号不重复新增、不重复计数，回答相同。',
        tags: ['二维码'],
        body: qrSignUpBody,
        response: { 200: envelope(qrSignUpResult) },
      },
    },
    async (request) => {
      if (!signUps.take(request.ip)) throw ApiError.of('tooManyRequests', '报名过于频繁，请稍后再试');
      return ok(await signUpThroughQrCode(db, request, request.body));
    },
  );
};
