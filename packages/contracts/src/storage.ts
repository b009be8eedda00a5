import { z } from 'zod';
import { text } from './values';

/** A stored file as the API answers it (SPEC.md §3 "Uploaded file"). */
export const storedFileDto = z.object({
  fileLocation: text(),
  attachmentName: text(),
  fileExtensions: text().meta({ description: '小写扩展名，不含点：pdf' }),
  size: z.number().int(),
  fileTempUrl: text().meta({ description: '私有文件为数分钟有效的签名地址，公开文件为永久地址' }),
  url: text(),
  expiresAt: text().nullable().meta({ description: 'fileTempUrl 失效的时间；公开文件为 null' }),
});
export type StoredFileDto = z.infer<typeof storedFileDto>;

/** What an upload answers: the first file's fields (`data.fileLocation`), and every file of the request. */
export const uploadResult = storedFileDto.extend({ files: z.array(storedFileDto) });
export type UploadResult = z.infer<typeof uploadResult>;

/** The messages of SPEC.md §5, the same on the client and the server. */
export const uploadMessages = {
  badFormat: '文件格式不正确!',
  tooLarge: (maxSizeMb: number) => `上传文件大小不能超过${maxSizeMb}MB!`,
  tooMany: (limit: number) => `最多只能上传${limit}个文件!`,
  contentMismatch: '文件内容与扩展名不符，请上传真实的文件',
  empty: '文件不能为空',
  noFile: '请选择要上传的文件',
  interrupted: '文件上传中断，请重新上传',
};
