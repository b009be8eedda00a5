import type { AxiosRequestConfig } from 'axios';
import { RequestError } from '../../request/errors';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Handler = (request: { params: Record<string, string>; query: unknown; body: unknown }) => unknown;

export interface Call {
  method: Method;
  url: string;
  query?: unknown;
  body?: unknown;
  /** What the caller asked of the request layer (`showsError`: no toast). */
  config?: AxiosRequestConfig;
}

const routes: { method: Method; pattern: RegExp; names: string[]; handler: Handler }[] = [];
/** Every call the code under test made, in order. */
export const calls: Call[] = [];

/** Answers `method path` (with `:name` parameters) from now on; the latest registration wins. */
export function serve(method: Method, path: string, handler: Handler | unknown): void {
  const names = [...path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
  const pattern = new RegExp(`^${path.replace(/:\w+/g, '([^/]+)')}$`);
  const answer = typeof handler === 'function' ? (handler as Handler) : () => handler;
  routes.unshift({ method, pattern, names, handler: answer });
}

export function resetServer(): void {
  routes.length = 0;
  calls.length = 0;
}

/** A refusal as the request layer reports it (it has already shown the message). */
export function refuse(code: number, message: string): never {
  throw new RequestError(code, message, 'business');
}

export async function dispatch(
  method: Method,
  url: string,
  query?: unknown,
  body?: unknown,
  config?: AxiosRequestConfig,
): Promise<unknown> {
  calls.push({ method, url, query, body, ...(config ? { config } : {}) });
  for (const route of routes) {
    const match = route.method === method ? route.pattern.exec(url) : null;
    if (!match) continue;
    const params = Object.fromEntries(route.names.map((name, index) => [name, match[index + 1] ?? '']));
    return route.handler({ params, query, body });
  }
  throw new Error(`fake server: no answer for ${method} ${url}`);
}

export const lastCall = (method: Method, url: string): Call | undefined =>
  calls.filter((call) => call.method === method && call.url === url).at(-1);
