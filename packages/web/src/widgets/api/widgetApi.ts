type ProgressHandler = (percent: number) => void;

/**
 * The calls the widgets make, answering the envelope's data or rejecting with an Error to show: the console's
 * request layer (`request/widgetClient.ts`), so a success is what SPEC.md §8 calls one everywhere.
 */
export interface EnvelopeClient {
  get<T>(url: string, params?: Record<string, unknown>): Promise<T>;
  postJson<T>(url: string, body: unknown): Promise<T>;
  postForm<T>(url: string, form: FormData, onProgress?: ProgressHandler): Promise<T>;
}

/** A file as forms hold it (SPEC.md §3 "Uploaded file"). */
export interface UploadedFile {
  fileLocation: string;
  attachmentName: string;
  fileExtensions: string;
  /** A URL to show the file, when one is already known. */
  url?: string;
}

/** What the storage answers for one upload. */
export interface StoredFile {
  fileLocation: string;
  fileTempUrl?: string;
  url?: string;
}

/** Sends one file as multipart field `file`, reporting progress 0…100; rejects with an Error to show. */
export type UploadFileFn = (file: File, onProgress?: ProgressHandler) => Promise<StoredFile>;

/** The server calls the shared widgets need. */
export interface WidgetApi {
  uploadFile: UploadFileFn;
  /** A temporary URL to display a private stored file. */
  resolveFileUrl: (fileLocation: string) => Promise<string>;
}

export const defaultWidgetPaths = {
  upload: '/api/gateway/storage/file/private',
  tempUrl: '/api/gateway/storage/temp-url',
};

export function uploadWith(client: EnvelopeClient, path: string): UploadFileFn {
  return (file, onProgress) => {
    const form = new FormData();
    form.append('file', file);
    return client.postForm<StoredFile>(path, form, onProgress);
  };
}

export function createHttpWidgetApi(
  client: EnvelopeClient,
  paths: typeof defaultWidgetPaths = defaultWidgetPaths,
): WidgetApi {
  return {
    uploadFile: uploadWith(client, paths.upload),
    resolveFileUrl: async (fileLocation) => {
      const data = await client.get<string | { url?: string; fileTempUrl?: string }>(paths.tempUrl, { fileLocation });
      return typeof data === 'string' ? data : (data.fileTempUrl ?? data.url ?? fileLocation);
    },
  };
}
