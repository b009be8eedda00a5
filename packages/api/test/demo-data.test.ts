import { type PageResult, type Screen, userScreens, vehicleRecordScreens, vehicleScreens } from '@cp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from './harness';

let ctx: TestContext;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  // The demo data a fresh `npm start` writes: 150 vehicles per branch company and what their stages imply.
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 150 });
  tokens.北京分公司 = await ctx.login('admin', 'admin123');
  tokens.上海分公司 = await ctx.loginToOtherTenant();
});
afterAll(() => ctx.close());

const screens: Screen[] = [
  ...Object.values(vehicleScreens),
  ...Object.values(vehicleRecordScreens),
  ...Object.values(userScreens),
];

describe('demo data', () => {
  for (const branch of ['北京分公司', '上海分公司']) {
    it(`fills every built screen for admin in ${branch}`, async () => {
      const empty: string[] = [];
      for (const screen of screens) {
        const page = await ctx.request<PageResult<unknown>>({
          method: 'GET',
          url: `${screen.endpoint}?limit=1`,
          token: tokens[branch],
        });
        expect(page.code, screen.key).toBe(0);
        if (page.data.total === 0) empty.push(`${screen.route.title}（${screen.key}）`);
      }
      expect(empty).toEqual([]);
    });
  }
});
