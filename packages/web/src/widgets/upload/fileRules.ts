const defaultMaxSizeMb = 500;
export const defaultFileLimit = 5;
const imageExtensions = ['png', 'jpg', 'jpeg'];

export const uploadMessages = {
  badFormat: '文件格式不正确!',
  tooLarge: (maxSizeMb: number) => `上传文件大小不能超过${maxSizeMb}MB!`,
  tooMany: (limit: number) => `最多只能上传${limit}个文件!`,
  uploading: '文件上传中...',
};

/** `合同.PDF` → `pdf`; '' without an extension. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export type FileKind = 'image' | 'pdf' | 'other';

export function fileKind(extension: string): FileKind {
  const normalized = extension.replace(/^\./, '').toLowerCase();
  if (imageExtensions.includes(normalized)) return 'image';
  return normalized === 'pdf' ? 'pdf' : 'other';
}

export interface UploadLimits {
  /** Extensions such as `pdf` or `.xlsx`; an empty list accepts every file. */
  accept?: readonly string[];
  maxSizeMb?: number;
}

/** Why a chosen file may not be uploaded, or null. */
export function uploadProblem(file: { name: string; size: number }, limits: UploadLimits = {}): string | null {
  const { accept = [], maxSizeMb = defaultMaxSizeMb } = limits;
  const allowed = accept.map((extension) => extension.replace(/^\./, '').toLowerCase());
  if (allowed.length > 0 && !allowed.includes(fileExtension(file.name))) return uploadMessages.badFormat;
  if (file.size / 1024 / 1024 >= maxSizeMb) return uploadMessages.tooLarge(maxSizeMb);
  return null;
}

/** The `accept` attribute of the file input: `.pdf,.png`, or undefined for all files. */
export function acceptAttribute(accept: readonly string[] = []): string | undefined {
  return accept.length ? accept.map((extension) => `.${extension.replace(/^\./, '')}`).join(',') : undefined;
}
