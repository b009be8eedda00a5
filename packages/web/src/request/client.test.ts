import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, type RequestEnvironment, requestTimeoutMs } from './client';
import { emptyAsNull } from './envelope';
import { RequestError } from './errors';
import { answeringEnvironment } from './testing';

type Reply = { status?: number; body?: unknown; text?: string } | ((config: InternalAxiosRequestConfig) => never);

function setup(reply: Reply, token: string | null = 'tok-1') {
  const seen: InternalAxiosRequestConfig[] = [];
  const env = {
    getToken: vi.fn(() => token ?? undefined),
    clearToken: vi.fn(),
    showError: vi.fn(),
    goToRoot: vi.fn(),
    adapter: vi.fn(async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
      seen.push(config);
      if (typeof reply === 'function') reply(config);
      const status = (reply as { status?: number }).status ?? 200;
      const { body, text } = reply as { body?: unknown; text?: string };
      const response: AxiosResponse = {
        data: text ?? JSON.stringify(body),
        status,
        statusText: String(status),
        headers: {},
        config,
      };
      if (status >= 400) throw new AxiosError(`status ${status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, response);
      return response;
    }),
  } satisfies RequestEnvironment;
  return { http: createHttpClient(env), env, seen };
}

const ok = (data: unknown) => ({ body: { code: 0, msg: 'success', data, isSuccess: true } });

async function failureOf(promise: Promise<unknown>): Promise<RequestError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(RequestError);
  return error as RequestError;
}

describe('request layer: the call', () => {
  it('uses an empty base path and a 500000 ms time-out', () => {
    const { http } = setup(ok(null));
    expect(http.defaults.baseURL).toBe('');
    expect(http.defaults.timeout).toBe(500_000);
    expect(requestTimeoutMs).toBe(500_000);
  });

  it('sends the token from the cookie in the `token` header', async () => {
    const { http, seen } = setup(ok(1), 'abc');
    await http.get('/api/user/info');
    expect(seen[0]?.headers.get('token')).toBe('abc');
  });

  it('cancels a request when the token cookie is missing, without a toast', async () => {
    const { http, env } = setup(ok(1), null);
    const error = await http.get('/api/user/info').catch((reason: unknown) => reason);
    expect((error as Error).name).toBe('CanceledError');
    expect(env.adapter).not.toHaveBeenCalled();
    expect(env.showError).not.toHaveBeenCalled();
  });

  it('lets public calls through without the cookie and without a token header', async () => {
    const { http, seen } = setup(ok({ access_token: 't' }), null);
    await expect(http.post('/api/auth/login', {}, { public: true })).resolves.toEqual({ access_token: 't' });
    expect(seen[0]?.headers.get('token')).toBeUndefined();
  });

  it('strips empty values from query objects', async () => {
    const { http, seen } = setup(ok([]));
    await http.get('/api/roles', {
      params: { page: 1, keyword: '', blank: '  ', none: null, missing: undefined, list: [], zero: 0, no: false },
    });
    expect(seen[0]?.params).toEqual({ page: 1, zero: 0, no: false });
  });

  it('parses integers beyond the safe range as strings', async () => {
    const { http } = setup({
      text: '{"code":0,"msg":"success","isSuccess":true,"data":{"id":1234567890123456789,"n":7}}',
    });
    await expect(http.get('/x')).resolves.toEqual({ id: '1234567890123456789', n: 7 });
  });
});

describe('request layer: the success rule (SPEC.md §8)', () => {
  it.each([
    ['isSuccess true and code 0', { code: 0, msg: 'x', isSuccess: true, data: 5 }],
    ['isSuccess absent and code 0', { code: 0, msg: 'x', data: 5 }],
    ['message "success" with another code', { code: 200, msg: 'success', data: 5 }],
    ['message "操作成功" with another code', { code: 1, msg: '操作成功', data: 5 }],
  ])('counts %s as success and returns the data', async (_, body) => {
    const { http, env } = setup({ body });
    await expect(http.get('/x')).resolves.toBe(5);
    expect(env.showError).not.toHaveBeenCalled();
  });

  it('returns the whole body when data is null', async () => {
    const body = { code: 0, msg: 'success', isSuccess: true, data: null };
    const { http } = setup({ body });
    await expect(http.get('/x')).resolves.toEqual(body);
  });

  it('treats isSuccess false as an error even with code 0', async () => {
    const { http, env } = setup({ body: { code: 0, msg: '校验未通过', isSuccess: false, data: null } });
    expect((await failureOf(http.get('/x'))).message).toBe('校验未通过');
    expect(env.showError).toHaveBeenCalledWith('校验未通过');
  });
});

describe('request layer: failures', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows a business error message as a toast and rejects with its code', async () => {
    const { http, env } = setup({ body: { code: 1000, msg: '账号或密码错误', isSuccess: false, data: null } });
    const error = await failureOf(http.post('/x'));
    expect(error.code).toBe(1000);
    expect(env.showError).toHaveBeenCalledWith('账号或密码错误');
    expect(env.clearToken).not.toHaveBeenCalled();
    expect(env.goToRoot).not.toHaveBeenCalled();
  });

  it.each([1001, 1002])('on code %i also clears the token and goes to /', async (code) => {
    const { http, env } = setup({ body: { code, msg: '登录已过期，请重新登录', isSuccess: false, data: null } });
    await failureOf(http.get('/x'));
    expect(env.showError).toHaveBeenCalledWith('登录已过期，请重新登录');
    expect(env.clearToken).toHaveBeenCalledOnce();
    expect(env.goToRoot).toHaveBeenCalledOnce();
  });

  it('a silent call clears the token on 1001 but leaves toast and navigation to its caller', async () => {
    const { http, env } = setup({ body: { code: 1001, msg: '登录凭证缺失或无效', isSuccess: false, data: null } });
    await failureOf(http.get('/x', { silent: true }));
    expect(env.clearToken).toHaveBeenCalledOnce();
    expect(env.showError).not.toHaveBeenCalled();
    expect(env.goToRoot).not.toHaveBeenCalled();
  });

  it('leaves the message of a failure to a caller that shows it, but not the end of a session', async () => {
    const refused = { body: { code: 1000, msg: '导入失败：共2处错误', isSuccess: false, data: { problems: [] } } };
    const { http, env } = setup(refused);
    const error = await failureOf(http.post('/api/x/import', null, { showsError: true }));
    expect(error).toMatchObject({ code: 1000, message: '导入失败：共2处错误', data: { problems: [] } });
    expect(env.showError).not.toHaveBeenCalled();
    const ended = setup({ body: { code: 1002, msg: '登录已过期', isSuccess: false, data: null } });
    await failureOf(ended.http.post('/api/x/import', null, { showsError: true }));
    expect(ended.env.showError).toHaveBeenCalledWith('登录已过期');
    expect(ended.env.goToRoot).toHaveBeenCalledOnce();
  });

  it('reports a network error as 后端接口连接异常', async () => {
    const { http, env } = setup((config) => {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    });
    expect((await failureOf(http.get('/x'))).message).toBe('后端接口连接异常');
    expect(env.showError).toHaveBeenCalledWith('后端接口连接异常');
  });

  it('reports a time-out as 系统接口请求超时', async () => {
    const { http, env } = setup((config) => {
      throw new AxiosError('timeout of 500000ms exceeded', AxiosError.ECONNABORTED, config);
    });
    expect((await failureOf(http.get('/x'))).message).toBe('系统接口请求超时');
    expect(env.showError).toHaveBeenCalledWith('系统接口请求超时');
  });

  it('reports an HTTP error as 系统接口{status}异常', async () => {
    const { http, env } = setup({ status: 500, body: { code: 500, msg: '系统异常', isSuccess: false } });
    const error = await failureOf(http.get('/x'));
    expect(error.code).toBe(500);
    expect(env.showError).toHaveBeenCalledWith('系统接口500异常');
  });

  it('goes to / on HTTP 401 without a toast', async () => {
    const { http, env } = setup({ status: 401, body: {} });
    await failureOf(http.get('/x'));
    expect(env.goToRoot).toHaveBeenCalledOnce();
    expect(env.showError).not.toHaveBeenCalled();
  });

  it('passes binary responses through untouched', async () => {
    const { http } = setup({ text: 'raw-bytes' });
    await expect(http.get('/file', { responseType: 'blob' })).resolves.toBe('raw-bytes');
  });
});

describe('a read whose answer may be nothing', () => {
  it('resolves data: null to null, not to the envelope a panel would take for a record', async () => {
    const none = createHttpClient(answeringEnvironment({ code: 0, msg: 'success', data: null, isSuccess: true }));
    expect(await none.get('/api/approval-records')).toMatchObject({ code: 0, data: null });
    expect(emptyAsNull(await none.get('/api/approval-records'))).toBeNull();
    const record = { title: '租赁订单 ZL1', nodes: [], events: [] };
    const some = createHttpClient(answeringEnvironment({ code: 0, msg: 'success', data: record, isSuccess: true }));
    expect(emptyAsNull(await some.get('/api/approval-records'))).toEqual(record);
  });
});
