import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from './harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp({
    loginThrottle: { windowMinutes: 15, maxPerAccount: 5, maxPerAddress: 10, maxPerAccountTotal: 12 },
  });
});
afterAll(() => ctx.close());

const attempt = (loginId: string, password: string, remoteAddress: string) =>
  ctx.request({ method: 'POST', url: '/api/auth/login', payload: { loginId, password }, remoteAddress });

const throttled = '登录失败次数过多，请15分钟后再试';

describe('login throttling', () => {
  it('stops guessing at one account from one address, even with the right password', async () => {
    for (let i = 0; i < 5; i++) expect((await attempt('ops', 'wrong', '10.0.0.1')).msg).toBe('账号或密码错误');
    expect(await attempt('ops', 'ops123', '10.0.0.1')).toMatchObject({ code: 429, msg: throttled, isSuccess: false });
    // The owner elsewhere is not locked out by someone else's guesses, and other accounts are not affected.
    expect((await attempt('ops', 'ops123', '10.0.0.9')).code).toBe(0);
    expect((await attempt('admin', 'admin123', '10.0.0.1')).code).toBe(0);
  });

  it('treats an unknown account the same way, so the answer reveals nothing', async () => {
    for (let i = 0; i < 5; i++) expect((await attempt('ghost', 'wrong', '10.0.1.1')).msg).toBe('账号或密码错误');
    expect((await attempt('ghost', 'wrong', '10.0.1.1')).msg).toBe(throttled);
  });

  it('limits one client address across accounts', async () => {
    const address = '10.0.2.1';
    for (let i = 0; i < 10; i++) expect((await attempt(`user${i}`, 'wrong', address)).msg).toBe('账号或密码错误');
    expect((await attempt('admin', 'admin123', address)).msg).toBe(throttled);
    expect((await attempt('admin', 'admin123', '10.0.2.2')).code).toBe(0);
  });

  it('stops guessing spread over many addresses, except from an address the account used before', async () => {
    expect((await attempt('ops', 'ops123', '10.0.5.1')).code).toBe(0);
    // With the five guesses from 10.0.0.1 above (their address never logged in since), twelve in the window.
    for (let i = 0; i < 7; i++) expect((await attempt('ops', 'wrong', `10.0.6.${i + 1}`)).msg).toBe('账号或密码错误');
    expect((await attempt('ops', 'ops123', '10.0.6.99')).msg).toBe(throttled);
    expect((await attempt('ops', 'ops123', '10.0.5.1')).code).toBe(0);
  });

  it('keeps counting guesses spread over many addresses when the owner logs in from their own', async () => {
    expect((await attempt('finance', 'finance123', '10.0.8.1')).code).toBe(0);
    for (let i = 0; i < 6; i++) await attempt('finance', 'wrong', `10.0.9.${i + 1}`);
    // The owner's success clears their own address's count only, not the guesses from elsewhere.
    expect((await attempt('finance', 'finance123', '10.0.8.1')).code).toBe(0);
    for (let i = 6; i < 12; i++) await attempt('finance', 'wrong', `10.0.9.${i + 1}`);
    expect((await attempt('finance', 'finance123', '10.0.8.1')).code).toBe(0);
    expect((await attempt('finance', 'finance123', '10.0.9.99')).msg).toBe(throttled);
  });

  it('starts counting again after a successful login', async () => {
    for (let i = 0; i < 4; i++) await attempt('admin', 'wrong', '10.0.3.1');
    expect((await attempt('admin', 'admin123', '10.0.3.1')).code).toBe(0);
    for (let i = 0; i < 4; i++) await attempt('admin', 'wrong', '10.0.3.1');
    expect((await attempt('admin', 'admin123', '10.0.3.1')).code).toBe(0);
  });

  it('checks no more guesses than the limit when they arrive all at once', async () => {
    const address = '10.0.4.1';
    const guesses = await Promise.all(Array.from({ length: 25 }, () => attempt('admin', 'wrong', address)));
    const checked = guesses.filter((answer) => answer.msg === '账号或密码错误').length;
    expect(checked).toBe(5);
    expect(guesses.filter((answer) => answer.msg === throttled)).toHaveLength(20);
    // The right password, sent after the burst, is refused from that address too.
    expect((await attempt('admin', 'admin123', address)).msg).toBe(throttled);
  });

  it('holds token login to the same limits', async () => {
    const tokenLogin = (token: string, remoteAddress: string) =>
      ctx.request({
        method: 'POST',
        url: '/api/auth/token-login',
        headers: { authorization: `Bearer ${token}` },
        remoteAddress,
      });
    // An account no test above guessed at (their guesses from other addresses still count within the window).
    const token = await ctx.login('manager', 'manager123', '10.0.7.9');
    // Tokens that do not work count like wrong passwords.
    for (let i = 0; i < 5; i++) expect((await tokenLogin(`not-a-token-${i}`, '10.0.7.1')).code).toBe(1001);
    expect((await tokenLogin('not-a-token-5', '10.0.7.1')).msg).toBe(throttled);
    // An address held back for an account is held back for its tokens too.
    for (let i = 0; i < 5; i++) await attempt('manager', 'wrong', '10.0.7.2');
    expect((await tokenLogin(token, '10.0.7.2')).msg).toBe(throttled);
    expect((await tokenLogin(token, '10.0.7.3')).code).toBe(0);
  });
});
