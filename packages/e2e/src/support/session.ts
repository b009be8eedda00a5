import { randomBytes } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { inject } from 'vitest';
import { baseUrl } from './browser';

const tokenCookieName = 'vue_admin_template_token';

export const demoAccounts = {
  admin: { loginId: 'admin', password: 'admin123', userName: '系统管理员', code: 'CP0001' },
  ops: { loginId: 'ops', password: 'ops123', userName: '运营专员', code: 'CP0002' },
  manager: { loginId: 'manager', password: 'manager123', userName: '王经理', code: 'CP0003' },
  finance: { loginId: 'finance', password: 'finance123', userName: '李会计', code: 'CP0004' },
} as const;

export type DemoAccount = (typeof demoAccounts)[keyof typeof demoAccounts];

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export async function api<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<Envelope<T>> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('token', init.token);
  // A JSON body says so; a FormData one (an upload) lets fetch set its multipart boundary.
  if (typeof init.body === 'string') headers.set('content-type', 'application/json');
  const response = await fetch(`${baseUrl}${path}`, { ...init, headers });
  return (await response.json()) as Envelope<T>;
}

/** A session token from the login call, as the login page would get it. */
export async function loginToken(account: DemoAccount): Promise<string> {
  const answer = await api<{ access_token: string }>('/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ loginId: account.loginId, password: account.password }),
  });
  if (answer.code !== 0) throw new Error(`login ${account.loginId} failed: ${answer.msg}`);
  return answer.data.access_token;
}

/** Signs the context in without the login form (tests of other screens). */
export async function signIn(context: BrowserContext, account: DemoAccount): Promise<string> {
  const token = await loginToken(account);
  await context.addCookies([{ name: tokenCookieName, value: token, url: baseUrl }]);
  return token;
}

export async function tokenCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === tokenCookieName)?.value;
}

/**
 * A call of the drivers' app to the inbound API (`/api/app/…`) of a demo branch company, as the app sends it:
 * the demo's key, the time now and a fresh nonce, and the driver it calls for.
 */
export async function appCall<T>(
  branch: string,
  method: 'GET' | 'POST',
  path: string,
  options: { driverId?: string; body?: unknown } = {},
): Promise<Envelope<T>> {
  const key = inject('demoAppKeys')[branch];
  if (!key) throw new Error(`no demo app key of ${branch}`);
  const headers: Record<string, string> = {
    'x-app-key': key,
    'x-app-timestamp': String(Math.floor(Date.now() / 1000)),
    'x-app-nonce': randomBytes(16).toString('base64url'),
  };
  if (options.driverId) headers['x-app-driver'] = options.driverId;
  return api<T>(path, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
}
