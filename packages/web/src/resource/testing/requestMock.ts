import type { AxiosRequestConfig } from 'axios';
import type { EnvelopeClient } from '../../widgets';
import { dispatch } from './fakeServer';

/** Stands in for `src/request` in tests: `vi.mock('../request', () => import('../resource/testing/requestMock'))`. */
export { RequestError } from '../../request/errors';

export const get = <T>(url: string, params?: object) => dispatch('GET', url, params) as Promise<T>;
export const getOrNull = async <T>(url: string, params?: object) =>
  ((await dispatch('GET', url, params)) ?? null) as T | null;
export const post = <T>(url: string, body?: unknown, config?: AxiosRequestConfig) =>
  dispatch('POST', url, undefined, body, config) as Promise<T>;
export const put = <T>(url: string, body?: unknown) => dispatch('PUT', url, undefined, body) as Promise<T>;
export const del = <T>(url: string) => dispatch('DELETE', url) as Promise<T>;

/** The widgets' calls (uploads, file links) through the same fake server. */
export const widgetClient: EnvelopeClient = {
  get: <T>(url: string, params?: Record<string, unknown>) => dispatch('GET', url, params) as Promise<T>,
  postJson: <T>(url: string, body: unknown) => dispatch('POST', url, undefined, body) as Promise<T>,
  postForm: <T>(url: string, form: FormData) => dispatch('POST', url, undefined, form) as Promise<T>,
};
