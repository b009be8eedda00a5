/**
 * `Content-Disposition` per RFC 6266 / RFC 5987: an ASCII `filename` for old clients and the UTF-8
 * `filename*` every current browser prefers, so `角色管理_20250101.xlsx` arrives as it was named.
 */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const clean = fileName.replace(/[\r\n"\\/]/g, '_');
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 ? clean.slice(dot) : '';
  const asciiBase = clean
    .slice(0, dot > 0 ? dot : undefined)
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[%;]/g, '_')
    .trim();
  const fallback = `${asciiBase || 'download'}${extension.replace(/[^\x20-\x7e]/g, '')}`;
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** The name an uploaded file keeps: no folders, no control characters, at most 200 characters. */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (clean.length <= 200) return clean;
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
  return clean.slice(0, 200 - extension.length) + extension;
}

/** `合同.PDF` → `pdf`; '' when there is none. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}
