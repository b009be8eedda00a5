import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from './errors';
import { postPublicForm } from './publicCall';

function answering(response: Response | Error) {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function failureOf(promise: Promise<unknown>): Promise<RequestError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(RequestError);
  return error as RequestError;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a login call made before the console has loaded', () => {
  it('posts its fields as a form, without a session token, and answers the envelope data', async () => {
    const fetch = answering(json({ code: 0, msg: 'success', data: { access_token: 't-1' }, isSuccess: true }));
    const answer = await postPublicForm('/api/auth/token-login', { token: 'x' }, { Authorization: 'Bearer x' });
    expect(answer).toEqual({ access_token: 't-1' });
    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/token-login');
    expect(init.method).toBe('POST');
    expect((init.body as FormData).get('token')).toBe('x');
    expect(init.headers).toEqual({ Authorization: 'Bearer x' });
  });

  it("rejects with the server's message when the envelope says it failed", async () => {
    answering(json({ code: 1003, msg: '账号或密码错误', data: null, isSuccess: false }));
    const error = await failureOf(postPublicForm('/api/auth/login', { loginId: 'a', password: 'b' }));
    expect([error.code, error.message, error.kind]).toEqual([1003, '账号或密码错误', 'business']);
  });

  it('words an HTTP failure and an unreachable server as the request layer does', async () => {
    answering(new Response('busy', { status: 503 }));
    const http = await failureOf(postPublicForm('/api/auth/login', {}));
    expect([http.code, http.message]).toEqual([503, '系统接口503异常']);

    answering(new TypeError('Failed to fetch'));
    const network = await failureOf(postPublicForm('/api/auth/login', {}));
    expect([network.code, network.message, network.kind]).toEqual([0, '后端接口连接异常', 'network']);
  });
});
