import { get, RequestError } from '../request';
import { saveBlob } from './saveBlob';

/** Where an import screen's template is (an .xlsx; the server checks the screen's import button). */
const importTemplateUrl = (kind: string) => `/api/gateway/storage/templates/${encodeURIComponent(kind)}`;

/**
 * Saves the template of an import screen as `fileName`. The call needs the token header, which a plain link
 * would not send: the file comes as a blob and is saved through an object URL.
 */
export async function downloadImportTemplate(kind: string, fileName: string): Promise<void> {
  const blob = await get<Blob>(importTemplateUrl(kind), undefined, { responseType: 'blob' });
  // A refusal still comes as an envelope, read as a blob like any answer of this call.
  if (blob.type.includes('json')) {
    const body = JSON.parse(await blob.text()) as { code?: number; msg?: string };
    throw new RequestError(body.code ?? 0, body.msg || '模板下载失败', 'business');
  }
  saveBlob(blob, fileName);
}
