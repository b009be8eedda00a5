import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustProxyFromEnv } from '../src/config';
import { startTestApp, type TestContext } from './harness';

const throttled = '登录失败次数过多，请15分钟后再试';
const wrong = '账号或密码错误';

describe('TRUST_PROXY', () => {
  it('reads a hop count or a list of proxies, and refuses to believe every X-Forwarded-For', () => {
    expect(trustProxyFromEnv(undefined)).toBe(false);
    expect(trustProxyFromEnv('')).toBe(false);
    expect(trustProxyFromEnv('0')).toBe(false);
    expect(trustProxyFromEnv('1')).toBe(1);
    expect(trustProxyFromEnv('2')).toBe(2);
    expect(trustProxyFromEnv('10.0.0.0/8, 192.168.1.5,loopback,fd00::/8')).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      'loopback',
      'fd00::/8',
    ]);
    expect(() => trustProxyFromEnv('true')).toThrow(/不能为 "true"/);
    expect(() => trustProxyFromEnv('10.0.0.0/33,proxy.local')).toThrow(
      /"10.0.0.0\/33", "proxy.local" 不是 IP 地址或网段/,
    );
  });
});

/** Wrong passwords for `loginId` sent through a proxy at `proxy` with the given X-Forwarded-For header. */
function guesser(ctx: () => TestContext) {
  return (loginId: string, password: string, forwardedFor: string, proxy = '127.0.0.1') =>
    ctx().request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { loginId, password },
      remoteAddress: proxy,
      headers: { 'x-forwarded-for': forwardedFor },
    });
}

describe('behind one reverse proxy (TRUST_PROXY=1)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp({
      trustProxy: trustProxyFromEnv('1'),
      loginThrottle: { windowMinutes: 15, maxPerAccount: 5, maxPerAddress: 10, maxPerAccountTotal: 50 },
    });
  });
  afterAll(() => ctx.close());
  const attempt = guesser(() => ctx);

  it('counts guesses by the address the proxy saw, whatever the client wrote to the left of it', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => attempt('ops', 'wrong', `10.31.7.${i + 1}, 198.51.100.7`)),
    );
    expect(guesses.filter((answer) => answer.msg === wrong)).toHaveLength(5);
    expect(guesses.filter((answer) => answer.msg === throttled)).toHaveLength(15);
    // The owner, reaching the same proxy from their own address, is not held back.
    expect((await attempt('ops', 'ops123', '198.51.100.8')).code).toBe(0);
    expect((await attempt('ops', 'ops123', '203.0.113.1, 198.51.100.7')).msg).toBe(throttled);
  });

  it('takes the socket address when a request reaches the server without the proxy', async () => {
    // No header: the caller is the address itself (the proxy's limit is its own).
    const direct = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { loginId: 'manager', password: 'manager123' },
      remoteAddress: '127.0.0.2',
    });
    expect(direct.code).toBe(0);
  });
});

describe('behind listed proxies (TRUST_PROXY=127.0.0.1,10.0.0.0/8)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp({
      trustProxy: trustProxyFromEnv('127.0.0.1,10.0.0.0/8'),
      loginThrottle: { windowMinutes: 15, maxPerAccount: 5, maxPerAddress: 10, maxPerAccountTotal: 50 },
    });
  });
  afterAll(() => ctx.close());
  const attempt = guesser(() => ctx);

  it('takes the rightmost address that is not a listed proxy', async () => {
    // Two proxies (an edge at 10.2.3.4, then one on 127.0.0.1); the client's own entries to the left vary.
    for (let i = 0; i < 5; i++) {
      expect((await attempt('finance', 'wrong', `192.0.2.${i}, 198.51.100.20, 10.2.3.4`)).msg).toBe(wrong);
    }
    expect((await attempt('finance', 'finance123', '192.0.2.99, 198.51.100.20, 10.2.3.4')).msg).toBe(throttled);
    expect((await attempt('finance', 'finance123', '198.51.100.21, 10.2.3.4')).code).toBe(0);
  });

  it('does not believe a header sent by an address that is not a listed proxy', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await attempt('manager', 'wrong', `198.51.100.${30 + i}`, '203.0.113.50')).msg).toBe(wrong);
    }
    expect((await attempt('manager', 'manager123', '198.51.100.40', '203.0.113.50')).msg).toBe(throttled);
  });
});
