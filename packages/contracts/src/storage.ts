/** A stored file as the API answers it (SPEC.md §3 "Uploaded file"). */
export interface StoredFileDto {
  fileLocation: string;
  attachmentName: string;
  /** Lower-case extension without the dot: `pdf`. */
  fileExtensions: string;
  size: number;
  /** A signed address valid for a few minutes (private files), or the permanent one (public files). */
  fileTempUrl: string;
  url: string;
  /** When `fileTempUrl` stops working; null for public files. */
  expiresAt: string | null;
}

/** What an upload answers: the first file's fields (`data.fileLocation`), and every file of the request. */
export interface UploadResult extends StoredFileDto {
  files: StoredFileDto[];
}

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
