import { envelope, richTextImageUpload, uploadMessages, uploadResult } from '@cp/contracts';
import { imageExtensions } from '../files/content';
import { publicUploadPolicy } from '../files/routes';
import { fileDto } from '../files/service';
import { storageFor } from '../files/storage';
import { storeStaged } from '../files/store';
import { receiveFiles } from '../files/upload';
import { access } from '../http/access';
import { badRequest } from '../http/errors';
import { fileForm } from '../http/openapi';
import { ok } from '../http/reply';
import type { ZodApp } from '../http/schemas';
import { acceptMultipart } from '../http/uploads';
import type { ServerResource } from './family';
import type { RouteDeps } from './routes';

/**
 * The rich-text editor's picture upload: public images (they are shown to the drivers' app with the text),
 * for whoever may add or edit a row of a family with a rich-text field — derived from the declarations.
 */
export function richTextImageRoutes(app: ZodApp, families: readonly ServerResource[], { db, config }: RouteDeps) {
  const buttons = families
    .filter((family) => family.resource.entries.some(([, def]) => def.kind === 'richText'))
    .flatMap(({ resource }) => [resource.permissions.create, resource.permissions.update])
    .filter((key): key is string => Boolean(key));
  if (buttons.length === 0) return;
  const storage = storageFor(config.dataDir);
  app.register(async (scope) => {
    await acceptMultipart(scope, config.files);
    scope.post(
      richTextImageUpload,
      {
        config: { access: access.permission(...new Set(buttons)), form: fileForm(true) },
        schema: {
          summary: '正文图片上传（公开，富文本编辑器插入的图片）',
          description: '表单字段 file：图片（PNG、JPG、GIF、WEBP、BMP），默认每个不超过10MB、最多5个。',
          tags: ['文件'],
          response: { 200: envelope(uploadResult) },
        },
      },
      async (request) => {
        const { staged } = await receiveFiles(request, publicUploadPolicy(config, imageExtensions), storage.stagingDir);
        const rows = await storeStaged(db, storage, request, staged, {
          visibility: 'public',
          purpose: 'rich-text-image',
        });
        const stored = await Promise.all(rows.map((row) => fileDto(db, config, row)));
        const [first] = stored;
        if (!first) throw badRequest(uploadMessages.noFile);
        return ok({ ...first, files: stored });
      },
    );
  });
}
