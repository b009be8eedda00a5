/** `https://x/a/合同.pdf?sig=1` → `合同.pdf`. */
export function fileNameOf(url: string): string {
  const path = url.split(/[?#]/)[0] ?? '';
  const last = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(last) || 'download.pdf';
  } catch {
    return last || 'download.pdf';
  }
}

/** Hands bytes already in memory to the browser as a download. */
export function saveBytes(bytes: Uint8Array, fileName: string, type = 'application/pdf'): void {
  const href = URL.createObjectURL(new Blob([bytes as BlobPart], { type }));
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
