import type { AxiosRequestConfig } from 'axios';
import { navigateTo } from '../app/navigation';
import { getToken, removeToken } from '../auth/token';
import { createHttpClient } from './client';
import { emptyAsNull } from './envelope';
import { showErrorToast } from './toast';
import { createWidgetClient } from './widgetClient';

export { RequestError } from './errors';

/** The console's one HTTP client (SPEC.md §7, §8). Calls resolve to the envelope's data. */
const http = createHttpClient({
  getToken,
  clearToken: removeToken,
  showError: showErrorToast,
  goToRoot: () => navigateTo('/', { replace: true }),
});

export function get<T>(url: string, params?: object, config?: AxiosRequestConfig): Promise<T> {
  return http.get(url, { ...config, params }) as Promise<T>;
}

/**
 * A read whose answer may be nothing (`data: null`, e.g. a record never sent to approval). SPEC §8 resolves
 * such a call to the whole envelope; this resolves it to null, so a caller never takes the envelope for data.
 */
export async function getOrNull<T>(url: string, params?: object, config?: AxiosRequestConfig): Promise<T | null> {
  return emptyAsNull<T>(await get(url, params, config));
}

export function post<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
  return http.post(url, body, config) as Promise<T>;
}

export function put<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
  return http.put(url, body, config) as Promise<T>;
}

export function del<T>(url: string, config?: AxiosRequestConfig): Promise<T> {
  return http.delete(url, config) as Promise<T>;
}

/** The same client as the shared widgets call it: silent, the widget showing the failure itself. */
export const widgetClient = createWidgetClient(http);
