import axios, { type AxiosAdapter, AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSessionCookie } from '../testing/sessionCookie';
import { createEnvelopeClient } from './httpClient';
import { createHttpWidgetApi } from './widgetApi';

const seen: InternalAxiosRequestConfig[] = [];

function answering(body: unknown, status = 200): AxiosAdapter {
  return async (config) => {
    seen.push(config);
    config.onUploadProgress?.({ loaded: 50, total: 200, bytes: 50, lengthComputable: true });
    return { data: body, status, statusText: 'OK', headers: {}, config };
  };
}

describe('createEnvelopeClient', () => {
  beforeEach(() => {
    seen.length = 0;
    setSessionCookie('abc123');
  });
  afterEach(() => {
    setSessionCookie(null);
  });

  it('sends the token header from the cookie and answers the data of a success envelope', async () => {
    const client = createEnvelopeClient({ adapter: answering({ code: 0, msg: 'success', data: { id: '1' } }) });
    await expect(client.get('/api/x')).resolves.toEqual({ id: '1' });
    expect(seen[0]?.headers.get('token')).toBe('abc123');
  });

  it("rejects with the server's message on a non-zero code or isSuccess false", async () => {
    const failing = createEnvelopeClient({ adapter: answering({ code: 1000, msg: '文件已损坏', data: null }) });
    await expect(failing.postJson('/api/x', {})).rejects.toThrow('文件已损坏');
    const refused = createEnvelopeClient({
      adapter: answering({ code: 0, msg: '不允许', data: null, isSuccess: false }),
    });
    await expect(refused.postJson('/api/x', {})).rejects.toThrow('不允许');
  });

  it('cancels the call when the token cookie is missing', async () => {
    setSessionCookie(null);
    const client = createEnvelopeClient({ adapter: answering({ code: 0, data: 1 }) });
    const failure = await client.get('/api/x').catch((error: unknown) => error);
    expect(axios.isCancel(failure)).toBe(true);
    expect(seen).toHaveLength(0);
  });

  it('names transport failures like the rest of the console', async () => {
    const down: AxiosAdapter = async (config) => {
      throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    };
    await expect(createEnvelopeClient({ adapter: down }).get('/api/x')).rejects.toThrow('后端接口连接异常');
    const broken: AxiosAdapter = async (config) => {
      throw new AxiosError('bad', 'ERR_BAD_RESPONSE', config, null, {
        status: 502,
        statusText: 'Bad Gateway',
        data: '',
        headers: {},
        config,
      });
    };
    await expect(createEnvelopeClient({ adapter: broken }).get('/api/x')).rejects.toThrow('系统接口502异常');
  });

  it('uploads a file as multipart field `file` and reports progress in percent', async () => {
    const api = createHttpWidgetApi(
      createEnvelopeClient({ adapter: answering({ code: 0, data: { fileLocation: 'private/a.pdf' } }) }),
    );
    const progress: number[] = [];
    const stored = await api.uploadFile(new File(['x'], 'a.pdf'), (percent) => progress.push(percent));
    expect(stored).toEqual({ fileLocation: 'private/a.pdf' });
    expect(progress).toEqual([25]);
    expect(seen[0]?.url).toBe('/api/gateway/storage/file/private');
    expect((seen[0]?.data as FormData | undefined)?.get('file')).toBeInstanceOf(File);
  });
});
