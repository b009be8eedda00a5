import axios, { type AxiosAdapter, type AxiosError, type AxiosInstance } from 'axios';
import { ApiError, unwrapEnvelope } from './envelope';

export const tokenCookieName = 'vue_admin_template_token';
const requestTimeout = 500_000;

export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export type ProgressHandler = (percent: number) => void;

/** The calls the widgets make, answering the envelope's data or rejecting with an Error to show. */
export interface EnvelopeClient {
  get<T>(url: string, params?: Record<string, unknown>): Promise<T>;
  postJson<T>(url: string, body: unknown): Promise<T>;
  postForm<T>(url: string, form: FormData, onProgress?: ProgressHandler): Promise<T>;
}

function transportMessage(error: AxiosError): string {
  if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') return '系统接口请求超时';
  if (error.response) return `系统接口${error.response.status}异常`;
  return '后端接口连接异常';
}

async function send<T>(run: () => Promise<{ data: unknown }>): Promise<T> {
  try {
    const response = await run();
    return unwrapEnvelope<T>(response.data as never);
  } catch (error) {
    if (axios.isAxiosError(error) && !axios.isCancel(error)) throw new ApiError(transportMessage(error));
    throw error;
  }
}

/**
 * A stand-alone client on plain axios: sends the `token` header from the session cookie (a call without
 * one is cancelled, as in SPEC.md §7) and unwraps the `{code, msg, data, isSuccess}` envelope.
 */
export function createEnvelopeClient(options: { adapter?: AxiosAdapter } = {}): EnvelopeClient {
  const http: AxiosInstance = axios.create({ timeout: requestTimeout, adapter: options.adapter });
  http.interceptors.request.use((config) => {
    const token = readCookie(tokenCookieName);
    if (!token) throw new axios.CanceledError('登录凭证缺失');
    config.headers.set('token', token);
    return config;
  });
  return {
    get: (url, params) => send(() => http.get(url, { params })),
    postJson: (url, body) => send(() => http.post(url, body)),
    postForm: (url, form, onProgress) =>
      send(() =>
        http.post(url, form, {
          onUploadProgress: (event) => {
            if (onProgress && event.total) onProgress(Math.round((event.loaded / event.total) * 100));
          },
        }),
      ),
  };
}
