import { setImmediate } from 'node:timers/promises';

/** A spreadsheet the reader refuses; the message, in Chinese, says what is wrong and can be shown as it is. */
export class XlsxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XlsxError';
  }
}

/** The file breaks the format (or Excel's own limits). */
export const invalidXlsx = (reason: string) => new XlsxError(`文件不是有效的 Excel 表格：${reason}`);

/** The file is valid but holds more than a reader keeps in memory. */
export const oversizedXlsx = (reason: string) => new XlsxError(`Excel 表格内容过多：${reason}`);

export function sizeText(bytes: number): string {
  if (bytes >= 2 ** 20) return `${Math.round(bytes / 2 ** 20)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} 字节`;
}

/** How long reading may hold the event loop before letting other requests in. */
const sliceMs = 10;

/**
 * Reading is CPU work on the API's own thread: after `sliceMs` of it, `breathe()` waits for the event loop's
 * next turn, so other requests are never held for long.
 */
export function breather(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await setImmediate();
    since = performance.now();
  };
}
