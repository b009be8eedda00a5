import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from './harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp({ loginThrottle: { windowMinutes: 15, maxPerAccount: 5, maxPerAddress: 8 } });
});
afterAll(() => ctx.close());

const attempt = (loginId: string, password: string, remoteAddress: string) =>
  ctx.request({ method: 'POST', url: '/api/auth/login', payload: { loginId, password }, remoteAddress });

const throttled = '登录失败次数过多，请15分钟后再试';

describe('login throttling', () => {
  it('locks an account after five failures, even for the right password, from any address', async () => {
    for (let i = 0; i < 5; i++) expect((await attempt('ops', 'wrong', `10.0.0.${i + 1}`)).msg).toBe('账号或密码错误');
    expect(await attempt('ops', 'ops123', '10.0.0.9')).toMatchObject({ code: 429, msg: throttled, isSuccess: false });
    // Another account is not affected.
    expect((await attempt('admin', 'admin123', '10.0.0.9')).code).toBe(0);
  });

  it('treats an unknown account the same way, so the answer reveals nothing', async () => {
    for (let i = 0; i < 5; i++) expect((await attempt('ghost', 'wrong', '10.0.1.1')).msg).toBe('账号或密码错误');
    expect((await attempt('ghost', 'wrong', '10.0.1.2')).msg).toBe(throttled);
  });

  it('limits one client address across accounts', async () => {
    const address = '10.0.2.1';
    for (let i = 0; i < 8; i++) expect((await attempt(`user${i}`, 'wrong', address)).msg).toBe('账号或密码错误');
    expect((await attempt('admin', 'admin123', address)).msg).toBe(throttled);
    expect((await attempt('admin', 'admin123', '10.0.2.2')).code).toBe(0);
  });

  it('starts counting again after a successful login', async () => {
    for (let i = 0; i < 4; i++) await attempt('admin', 'wrong', '10.0.3.1');
    expect((await attempt('admin', 'admin123', '10.0.3.2')).code).toBe(0);
    for (let i = 0; i < 4; i++) await attempt('admin', 'wrong', '10.0.3.3');
    expect((await attempt('admin', 'admin123', '10.0.3.4')).code).toBe(0);
  });
});
