import type { AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { vi } from 'vitest';
import type { RequestEnvironment } from './client';

/**
 * A request environment for tests: the token `token`, spies for the app's side, and a network that answers
 * every call with `body` as JSON (HTTP 200).
 */
export function answeringEnvironment(body: unknown, token = 'tok-1') {
  return {
    getToken: () => token,
    clearToken: vi.fn(),
    showError: vi.fn(),
    goToRoot: vi.fn(),
    adapter: vi.fn(
      async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => ({
        data: JSON.stringify(body),
        status: 200,
        statusText: 'OK',
        headers: {},
        config,
      }),
    ),
  } satisfies RequestEnvironment;
}
