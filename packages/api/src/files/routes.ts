import { envelope, storedFileDto, text, uploadMessages, uploadResult } from '@cp/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db';
import { access, sessionOf } from '../http/access';
import { badRequest, businessError } from '../http/errors';
import { fileForm } from '../http/openapi';
import { ok } from '../http/reply';
import type { RoutePlugin } from '../http/schemas';
import { acceptMultipart } from '../http/uploads';
import { imageExtensions } from './content';
import { generatedDocuments } from './generated';
import { fileDto, findFile, signedUrl, type Visibility } from './service';
import { storageFor } from './storage';
import { storeStaged } from './store';
import { receiveFiles, type UploadPolicy } from './upload';

const tags = ['文件'];
/**
 * What a public file may be: product images and app content (pictures, PDF documents, MP4 clips). Anyone
 * with the link fetches it for good, so nothing else — no archives, office files or HTML.
 */
const publicExtensions = [...imageExtensions, 'pdf', 'mp4'];

const tempUrlQuery = z.strictObject({
  fileLocation: text().trim().min(1, '不能为空').max(300).meta({ title: '文件地址' }),
  disposition: z.enum(['inline', 'attachment']).optional().meta({ title: '打开方式' }),
});

const inlineKinds = new Set([...imageExtensions, 'pdf', 'txt', 'mp4', 'mov']);

/** The allowed extensions, narrowed to `only` when a route takes a kind of file. */
export function uploadPolicy(config: Config, only?: readonly string[]): UploadPolicy {
  const allowed = config.files.allowedExtensions;
  return {
    extensions: only ? only.filter((extension) => allowed.includes(extension)) : allowed,
    maxFiles: config.files.maxFiles,
    maxFileMb: config.files.maxFileMb,
  };
}

/** A public upload: the public kinds (or fewer), at most `files.publicMaxFileMb` each. */
export function publicUploadPolicy(config: Config, only: readonly string[] = publicExtensions): UploadPolicy {
  return {
    ...uploadPolicy(config, only),
    maxFileMb: Math.min(config.files.maxFileMb, config.files.publicMaxFileMb),
  };
}

const multipartBody = {
  description: '表单字段 file，可多个（默认最多5个，每个不超过500MB）。',
  response: { 200: envelope(uploadResult) },
};
const uploadForm = fileForm(true);
const storedFile = { 200: envelope(storedFileDto) };

export const fileRoutes: RoutePlugin<{ db: Db; config: Config }> = async (app, { db, config }) => {
  await acceptMultipart(app, config.files);
  const storage = storageFor(config.dataDir);

  const upload = async (
    request: FastifyRequest,
    options: { only?: readonly string[]; visibility: Visibility; purpose: string },
  ) => {
    const policy =
      options.visibility === 'public' ? publicUploadPolicy(config, options.only) : uploadPolicy(config, options.only);
    const { staged } = await receiveFiles(request, policy, storage.stagingDir);
    const rows = await storeStaged(db, storage, request, staged, options);
    const stored = await Promise.all(rows.map((row) => fileDto(db, config, row)));
    const [first] = stored;
    if (!first) throw badRequest(uploadMessages.noFile);
    return ok({ ...first, files: stored });
  };

  app.post(
    '/api/gateway/storage/file/private',
    {
      config: { access: access.session, form: uploadForm },
      schema: { summary: '文件上传（私有，限时链接访问）', tags, ...multipartBody },
    },
    (request) => upload(request, { visibility: 'private', purpose: 'upload' }),
  );

  app.post(
    '/api/gateway/storage/file/public',
    {
      config: { access: access.permission('contentManagement:publicUpload'), form: uploadForm },
      schema: {
        summary: '公开文件上传（永久链接，任何人可访问）',
        ...multipartBody,
        description:
          '需要内容管理的「上传公开文件」按钮权限。仅图片、PDF、MP4，默认每个不超过10MB、最多5个；图片以外的文件以附件方式下载。',
        tags,
      },
    },
    (request) => upload(request, { only: publicExtensions, visibility: 'public', purpose: 'public-upload' }),
  );

  app.post(
    '/api/gateway/storage/image/private',
    {
      config: { access: access.session, form: uploadForm },
      schema: { summary: '图片上传（反馈截图等，私有）', tags, ...multipartBody },
    },
    (request) => upload(request, { only: imageExtensions, visibility: 'private', purpose: 'image' }),
  );

  app.post(
    '/api/gateway/storage/image/product',
    {
      config: { access: access.permission('marketplaceProducts:add', 'marketplaceProducts:edit'), form: uploadForm },
      schema: {
        summary: '商品图片上传（公开）',
        ...multipartBody,
        description: '表单字段 file，可多个（默认最多5个，每个不超过10MB）。',
        tags,
      },
    },
    (request) => upload(request, { only: imageExtensions, visibility: 'public', purpose: 'product-image' }),
  );

  app.get(
    '/api/gateway/storage/temp-url',
    {
      config: { access: access.session },
      schema: {
        summary: '文件临时访问地址（限时签名链接，仅本分公司文件）',
        tags,
        querystring: tempUrlQuery,
        response: storedFile,
      },
    },
    async (request) => {
      const { query } = request;
      const row = await findFile(db, sessionOf(request).tenantId, query.fileLocation);
      const disposition = query.disposition ?? (inlineKinds.has(row.fileExtensions) ? 'inline' : 'attachment');
      return ok(await fileDto(db, config, row, disposition));
    },
  );

  app.get(
    '/api/gateway/storage/company-contract/temp-url',
    {
      config: { access: access.permission('rentalOrder', 'customerManage', 'company-operation') },
      schema: {
        summary: '企业合同临时访问地址（PDF，在线查看）',
        tags,
        querystring: tempUrlQuery,
        response: storedFile,
      },
    },
    async (request) => {
      const { query } = request;
      const row = await findFile(db, sessionOf(request).tenantId, query.fileLocation);
      if (row.fileExtensions !== 'pdf') throw businessError('合同文件必须是PDF');
      return ok(await fileDto(db, config, row, query.disposition ?? 'inline'));
    },
  );

  app.get(
    '/api/gateway/storage/company-contract/demo',
    {
      config: { access: access.session },
      schema: { summary: '演示合同（生成的多页PDF，供PDF查看器使用）', tags, response: storedFile },
    },
    async (request) => {
      const document = await generatedDocuments['demo-contract']?.(config);
      if (!document) throw businessError('演示合同不可用');
      const link = await signedUrl(
        db,
        config,
        { resource: 'demo-contract', tenantId: sessionOf(request).tenantId, disposition: 'inline' },
        document.fileName,
      );
      return ok({
        fileLocation: 'generated/demo-contract.pdf',
        attachmentName: document.fileName,
        fileExtensions: 'pdf',
        size: document.size,
        fileTempUrl: link.url,
        url: link.url,
        expiresAt: link.expiresAt.toISOString(),
      });
    },
  );
};
