import type { InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { createHttpWidgetApi } from '../widgets/api/widgetApi';
import { createHttpClient } from './client';
import { answeringEnvironment } from './testing';
import { createWidgetClient } from './widgetClient';

function clientAnswering(body: unknown) {
  const env = answeringEnvironment(body, 'tok');
  const goToRoot = vi.fn();
  return { client: createWidgetClient(createHttpClient(env), goToRoot), env, goToRoot };
}

describe('widget client', () => {
  it('answers the data of a successful call', async () => {
    const { client } = clientAnswering({ code: 0, msg: 'success', isSuccess: true, data: { fileLocation: 'a/b.png' } });
    await expect(client.postForm('/upload', new FormData())).resolves.toEqual({ fileLocation: 'a/b.png' });
  });

  it('leaves failures to the widget: no toast, the message in the error', async () => {
    const { client, env, goToRoot } = clientAnswering({
      code: 1000,
      msg: '文件格式不正确!',
      isSuccess: false,
      data: null,
    });
    await expect(client.get('/x')).rejects.toThrow('文件格式不正确!');
    expect(env.showError).not.toHaveBeenCalled();
    expect(goToRoot).not.toHaveBeenCalled();
  });

  it('still ends the session on 1002: token cleared and off to /', async () => {
    const { client, env, goToRoot } = clientAnswering({ code: 1002, msg: '登录已过期，请重新登录', isSuccess: false });
    await expect(client.postJson('/x', {})).rejects.toThrow('登录已过期，请重新登录');
    expect(env.clearToken).toHaveBeenCalledOnce();
    expect(goToRoot).toHaveBeenCalledOnce();
  });

  it('uploads a file as multipart field `file` and reports progress in percent', async () => {
    const { client, env } = clientAnswering(null);
    env.adapter.mockImplementation(async (config: InternalAxiosRequestConfig) => {
      config.onUploadProgress?.({ loaded: 50, total: 200, bytes: 50, lengthComputable: true });
      const body = { code: 0, msg: 'success', isSuccess: true, data: { fileLocation: 'private/a.pdf' } };
      return { data: JSON.stringify(body), status: 200, statusText: 'OK', headers: {}, config };
    });
    const progress: number[] = [];
    const stored = await createHttpWidgetApi(client).uploadFile(new File(['x'], 'a.pdf'), (percent) =>
      progress.push(percent),
    );
    expect(stored).toEqual({ fileLocation: 'private/a.pdf' });
    expect(progress).toEqual([25]);
    const sent = env.adapter.mock.calls[0]?.[0];
    expect(sent?.url).toBe('/api/gateway/storage/file/private');
    expect((sent?.data as FormData | undefined)?.get('file')).toBeInstanceOf(File);
  });
});
