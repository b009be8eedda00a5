import type { AxiosInstance } from 'axios';
import { navigateTo } from '../app/navigation';
import type { EnvelopeClient } from '../widgets';
import { RequestError, sessionEndingCodes } from './errors';

/**
 * The shared widgets' calls (uploads, file links, feedback) through the console's request layer. The widgets
 * show failures themselves, so these calls are silent; a call that ends the session still leaves for `/`.
 */
export function createWidgetClient(http: AxiosInstance, goToRoot = () => navigateTo('/', { replace: true })) {
  const endSession = (error: unknown): never => {
    if (error instanceof RequestError && sessionEndingCodes.has(error.code)) goToRoot();
    throw error;
  };
  const client: EnvelopeClient = {
    get: <T>(url: string, params?: Record<string, unknown>) =>
      (http.get(url, { params, silent: true }) as Promise<T>).catch(endSession),
    postJson: <T>(url: string, body: unknown) =>
      (http.post(url, body, { silent: true }) as Promise<T>).catch(endSession),
    postForm: <T>(url: string, form: FormData, onProgress?: (percent: number) => void) =>
      (
        http.post(url, form, {
          silent: true,
          onUploadProgress: (event) => {
            if (onProgress && event.total) onProgress(Math.round((event.loaded / event.total) * 100));
          },
        }) as Promise<T>
      ).catch(endSession),
  };
  return client;
}
