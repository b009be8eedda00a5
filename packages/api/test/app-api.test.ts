import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRequestHeaders } from '../src/appApi/keys';
import { appKeys } from '../src/appApi/tables';
import { declaredRoutes } from '../src/http/access';
import { appClient, type TestAppClient } from './app-support';
import { startTestApp, type TestContext } from './harness';

let ctx: TestContext;
let beijing: TestAppClient;
let shanghai: TestAppClient;

beforeAll(async () => {
  ctx = await startTestApp(
    {
      appApi: {
        perDriverPerMinute: 5,
        perAddressPerMinute: 1000,
        failuresPerAddressPerMinute: 4,
        clockSkewSeconds: 300,
      },
    },
    { demoVehiclesPerTenant: 12 },
  );
  beijing = await appClient(ctx, '北京分公司');
  shanghai = await appClient(ctx, '上海分公司');
});
afterAll(() => ctx.close());

type Caller = { tenantName: string; driverId: string | null; driverName: string | null };
const caller = (
  client: TestAppClient,
  options: Parameters<TestAppClient['send']>[0] extends infer C ? Partial<C> : never = {},
) => client.send<Caller>({ method: 'GET', url: '/api/app/caller', ...options });

describe("the app's inbound API", () => {
  it("answers the key's branch company and the driver it calls for", async () => {
    const driverId = beijing.driverIds[0];
    const answer = await caller(beijing, { driverId, remoteAddress: '10.1.0.1' });
    expect(answer.code).toBe(0);
    expect(answer.data).toMatchObject({ tenantName: '北京分公司', driverId: String(driverId) });
    expect(answer.data.driverName).toBeTruthy();
    expect((await caller(shanghai, { remoteAddress: '10.1.0.1' })).data).toMatchObject({
      tenantName: '上海分公司',
      driverId: null,
    });
  });

  it("refuses a driver of another branch company, and junk for a driver's identity", async () => {
    const foreign = await caller(beijing, { driverId: shanghai.driverIds[0], remoteAddress: '10.1.0.2' });
    expect(foreign).toMatchObject({ code: 400, msg: 'X-App-Driver：本分公司没有该司机' });
    for (const junk of ['abc', '0', '-1', '99999999999999999999', '1e3']) {
      const answer = await caller(beijing, { headers: { 'x-app-driver': junk }, remoteAddress: '10.1.0.2' });
      expect(answer, junk).toMatchObject({ code: 400, msg: 'X-App-Driver：应为司机编号' });
    }
  });

  it('refuses a request sent again with the same nonce: a replay is not processed twice', async () => {
    const headers = appRequestHeaders(beijing.grant);
    const first = await ctx.app.inject({ method: 'GET', url: '/api/app/caller', headers, remoteAddress: '10.1.0.3' });
    expect(first.json()).toMatchObject({ code: 0 });
    const again = await ctx.app.inject({ method: 'GET', url: '/api/app/caller', headers, remoteAddress: '10.1.0.3' });
    expect(again.json()).toMatchObject({ code: 400, msg: 'X-App-Nonce：该请求已收到过（重复发送的请求不再处理）' });
    // The same nonce under another key is another request.
    const other = { ...appRequestHeaders(shanghai.grant), 'x-app-nonce': headers['x-app-nonce'] as string };
    const elsewhere = await ctx.app.inject({
      method: 'GET',
      url: '/api/app/caller',
      headers: other,
      remoteAddress: '10.1.0.3',
    });
    expect(elsewhere.json()).toMatchObject({ code: 0 });
  });

  it('takes a nonce once when the same request races itself', async () => {
    const headers = appRequestHeaders(beijing.grant);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        ctx.app.inject({ method: 'GET', url: '/api/app/caller', headers, remoteAddress: '10.1.0.4' }),
      ),
    );
    expect(answers.map((answer) => (answer.json() as { code: number }).code).sort()).toEqual([
      0, 400, 400, 400, 400, 400, 400, 400,
    ]);
  });

  it('refuses a stale or future timestamp and a malformed nonce, naming the header', async () => {
    const old = String(Math.floor(Date.now() / 1000) - 301);
    expect(await caller(beijing, { headers: { 'x-app-timestamp': old }, remoteAddress: '10.1.0.5' })).toMatchObject({
      code: 400,
      msg: 'X-App-Timestamp：与服务器时间相差超过300秒，请校准时间后重新发送',
    });
    const ahead = String(Math.floor(Date.now() / 1000) + 400);
    expect((await caller(beijing, { headers: { 'x-app-timestamp': ahead }, remoteAddress: '10.1.0.5' })).code).toBe(
      400,
    );
    for (const junk of ['', 'now', '17000000000000']) {
      const answer = await caller(beijing, { headers: { 'x-app-timestamp': junk }, remoteAddress: '10.1.0.5' });
      expect(answer.msg, junk).toBe('X-App-Timestamp：应为10位的Unix时间戳（秒）');
    }
    for (const junk of ['short', 'x'.repeat(65), 'has space in it ok?']) {
      const answer = await caller(beijing, { headers: { 'x-app-nonce': junk }, remoteAddress: '10.1.0.5' });
      expect(answer.msg, junk).toBe('X-App-Nonce：应为16到64位的字母、数字、下划线或横线');
    }
  });

  it('refuses a wrong, malformed or stopped key, and an address that keeps guessing is held back', async () => {
    const [keyId] = beijing.grant.header.split('.');
    const wrong = `${keyId}.${randomBytes(32).toString('base64url')}`;
    const address = '10.1.0.6';
    expect(await caller(beijing, { headers: { 'x-app-key': wrong }, remoteAddress: address })).toMatchObject({
      code: 1001,
      msg: 'X-App-Key：APP 凭证无效',
    });
    expect(
      await caller(beijing, { headers: { 'x-app-key': 'token-of-a-console' }, remoteAddress: address }),
    ).toMatchObject({
      code: 1001,
      msg: 'X-App-Key：APP 凭证缺失或格式不正确',
    });
    const none = await ctx.app.inject({ method: 'GET', url: '/api/app/caller', remoteAddress: address });
    expect(none.json()).toMatchObject({ code: 1001 });
    await caller(beijing, { headers: { 'x-app-key': wrong }, remoteAddress: address });
    // Four refusals used the address's minute: even the right key waits now, while another address goes on.
    expect(await caller(beijing, { remoteAddress: address })).toMatchObject({ code: 429 });
    expect((await caller(beijing, { remoteAddress: '10.1.0.7' })).code).toBe(0);

    const stopped = await appClient(ctx, '北京分公司');
    await ctx.database.db.update(appKeys).set({ status: 0 }).where(eq(appKeys.id, stopped.grant.id));
    expect(await caller(stopped, { remoteAddress: '10.1.0.8' })).toMatchObject({
      code: 1001,
      msg: 'X-App-Key：APP 凭证已停用',
    });
  });

  it("holds one driver to the limit of a minute, not the app's other drivers", async () => {
    // Drivers no other test here calls for.
    const [, , first, second] = beijing.driverIds;
    const codes: number[] = [];
    for (let call = 0; call < 7; call += 1)
      codes.push((await caller(beijing, { driverId: first, remoteAddress: '10.1.0.9' })).code);
    expect(codes).toEqual([0, 0, 0, 0, 0, 429, 429]);
    expect((await caller(beijing, { driverId: second, remoteAddress: '10.1.0.9' })).code).toBe(0);
  });

  it("reaches only the app's routes with the key, and the app's routes only with the key", async () => {
    const headers = appRequestHeaders(beijing.grant);
    const console = await ctx.app.inject({ method: 'GET', url: '/api/user/info', headers, remoteAddress: '10.1.0.10' });
    expect(console.json()).toMatchObject({ code: 1001 });
    const token = await ctx.login('admin', 'admin123');
    const withToken = await ctx.app.inject({
      method: 'GET',
      url: '/api/app/caller',
      headers: { token },
      remoteAddress: '10.1.0.10',
    });
    expect(withToken.json()).toMatchObject({ code: 1001 });
    const routes = declaredRoutes(ctx.app).filter((route) => route.url.startsWith('/api/app/'));
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) expect(route.access?.kind, route.url).toBe('app');
  });
});
