import { afterEach, describe, expect, it } from 'vitest';
import { createHttpClient } from '../request/client';
import { RequestError } from '../request/errors';
import { answeringEnvironment } from '../request/testing';
import { takeEarlySessionAdapter } from './earlySession';

const envelope = (code: number, data: unknown, msg = 'success') =>
  JSON.stringify({ code, msg, data, isSuccess: code === 0 });

function early(token: string, response: Promise<Response>) {
  window.cpEarlySession = { token, response };
}

/** The request layer with a network that answers `{ from: 'network' }`, so a test sees which answer it got. */
function client(token = 'tok-1') {
  const env = answeringEnvironment({ code: 0, msg: 'success', data: { from: 'network' }, isSuccess: true }, token);
  const network = env.adapter;
  const http = createHttpClient(env);
  const userInfo = () =>
    http.get('/api/user/info', { silent: true, adapter: takeEarlySessionAdapter(network) }) as Promise<unknown>;
  return { env, network, userInfo };
}

afterEach(() => {
  window.cpEarlySession = undefined;
});

describe('the early session read of index.html', () => {
  it('answers the first user-info call without asking the server again, and only the first', async () => {
    early('tok-1', Promise.resolve(new Response(envelope(0, { loginId: 'admin' }), { status: 200 })));
    const { network, userInfo } = client();
    await expect(userInfo()).resolves.toEqual({ loginId: 'admin' });
    expect(network).not.toHaveBeenCalled();
    await expect(userInfo()).resolves.toEqual({ from: 'network' });
    expect(network).toHaveBeenCalledOnce();
  });

  it('is not used for another token: the user has logged in again since', async () => {
    early('tok-old', Promise.resolve(new Response(envelope(0, { loginId: 'old' }), { status: 200 })));
    const { network, userInfo } = client('tok-1');
    await expect(userInfo()).resolves.toEqual({ from: 'network' });
    expect(network.mock.calls[0]?.[0].headers.get('token')).toBe('tok-1');
  });

  it('asks again when the early read never reached the server', async () => {
    early('tok-1', Promise.reject(new TypeError('Failed to fetch')));
    const { network, userInfo } = client();
    await expect(userInfo()).resolves.toEqual({ from: 'network' });
    expect(network).toHaveBeenCalledOnce();
  });

  it('passes an ended session through the request layer as any answer would: the token is cleared', async () => {
    early('tok-1', Promise.resolve(new Response(envelope(1001, null, '登录已过期，请重新登录'), { status: 200 })));
    const { env, userInfo } = client();
    const error = await userInfo().catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(RequestError);
    expect((error as RequestError).message).toBe('登录已过期，请重新登录');
    expect(env.clearToken).toHaveBeenCalledOnce();
  });

  it('turns an HTTP 401 into the request layer’s 401 error', async () => {
    early('tok-1', Promise.resolve(new Response('', { status: 401 })));
    const { userInfo } = client();
    const error = await userInfo().catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(RequestError);
    expect((error as RequestError).code).toBe(401);
  });
});
