import { describe, expect, it, vi } from 'vitest';
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
});
