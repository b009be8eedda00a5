import { addDays, beijingDay, type PageResult } from '@cp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs } from './calls';
import { citiesByName, userWithButtons } from './competitor-support';
import { startTestApp, type TestContext } from './harness';

type Row = Record<string, unknown> & { id: string; version: number };

let ctx: TestContext;
let admin: string;
let city: Map<string, string>;
const { get, post, put, send } = callsAs<Row, Row>(() => ({ ctx, token: admin }));

const today = beijingDay(new Date());
const survey = { surveyDate: addDays(today, -3), source: '门店走访报价单' };
let serial = 0;
const company = (fields: Record<string, unknown> = {}) => ({
  name: `测试租赁公司${++serial}`,
  cityId: city.get('北京市'),
  ...survey,
  ...fields,
});
const car = (companyId: string, fields: Record<string, unknown> = {}) => ({
  model: '比亚迪秦PLUS EV',
  companyId,
  energyType: 1,
  businessMode: 1,
  rentAmount: 420_000,
  rentPeriod: 3,
  taxBasis: 1,
  ...survey,
  ...fields,
});

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await ctx.login('admin', 'admin123');
  city = await citiesByName(ctx, admin);
});
afterAll(() => ctx.close());

describe('车型报价 (网约车信息)', () => {
  it('keeps a rent with its period and as the monthly equivalent (day × 30, week × 30 / 7), sorting by it', async () => {
    const { data: owner } = await post('/api/competitor/companies', company({ cityId: city.get('天津市') }));
    // One after another: 车型1 and 车型3 tie on the monthly figure and keep the order they were entered in (sent
    // at once, PostgreSQL may number them either way).
    const quoted = [];
    for (const [rentAmount, rentPeriod] of [
      [15_000, 1],
      [100_000, 2],
      [450_000, 3],
    ]) {
      quoted.push(
        await post('/api/competitor/cars', car(owner.id, { rentAmount, rentPeriod, model: `车型${rentPeriod}` })),
      );
    }
    expect(quoted.map((answer) => answer.code)).toEqual([0, 0, 0]);
    const list = await get<PageResult<Row>>(`/api/competitor/cars?companyId=${owner.id}&limit=50`);
    // 150元/日 → 4500元, 1000元/周 → 4285.71元, 4500元/月: lowest monthly figure first.
    expect(list.data.list.map((row) => [row.model, row.monthlyRent, row.cityId])).toEqual([
      ['车型2', 428_571, city.get('天津市')],
      ['车型1', 450_000, city.get('天津市')],
      ['车型3', 450_000, city.get('天津市')],
    ]);
    const weekly = quoted[1]?.data as Row;
    const { companyId: _fixed, ...edit } = car(owner.id, { model: '车型2', rentAmount: 20_000, rentPeriod: 1 });
    const edited = await put(`/api/competitor/cars/${weekly.id}`, { ...edit, companyId: owner.id, version: 1 });
    expect(edited.code).toBe(0);
    expect((await get(`/api/competitor/cars/${weekly.id}`)).data).toMatchObject({ monthlyRent: 600_000 });
  });

  it('refuses a figure without its survey date or source, or dated after today, in Chinese', async () => {
    const { data: owner } = await post('/api/competitor/companies', company());
    const { surveyDate: _date, ...undated } = car(owner.id);
    expect((await post('/api/competitor/cars', undated)).msg).toMatch(/^调研日期：/);
    expect(await post('/api/competitor/cars', car(owner.id, { source: '' }))).toMatchObject({
      code: 400,
      msg: '信息来源：不能为空',
    });
    expect(await post('/api/competitor/cars', car(owner.id, { surveyDate: addDays(today, 1) }))).toMatchObject({
      code: 400,
      msg: '调研日期：不能晚于今天',
    });
    expect((await post('/api/competitor/cars', car(owner.id, { rentAmount: 0 }))).msg).toBe('报价租金：应大于0');
  });
});

describe('公司信息', () => {
  it('refuses the same competitor (name and city) twice, even sent at once; another city is another row', async () => {
    const name = '测试同名租赁公司';
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post('/api/competitor/companies', company({ name }))),
    );
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(answers.find((answer) => answer.code !== 0)?.msg).toBe(`竞品公司「${name}」在北京市已登记，请勿重复录入`);
    expect((await post('/api/competitor/companies', company({ name, cityId: city.get('天津市') }))).code).toBe(0);
    const other = await post('/api/competitor/companies', company());
    const { cityId: _fixed, ...renamed } = company({ name });
    expect((await put(`/api/competitor/companies/${other.data.id}`, { ...renamed, version: 1 })).msg).toMatch(/已登记/);
  });

  it('keeps a company with offers: deleting it says what holds it, and works once they are gone', async () => {
    const { data: owner } = await post('/api/competitor/companies', company({ name: '测试有报价公司' }));
    const plan = await post('/api/competitor/businesses', {
      name: '以租代购36期',
      companyId: owner.id,
      businessMode: 2,
      termMonths: 36,
      taxBasis: 0,
      ...survey,
    });
    expect(plan.data).toMatchObject({ cityId: city.get('北京市') });
    const offer = await post('/api/competitor/cars', car(owner.id));
    const refused = await send('DELETE', `/api/competitor/companies/${owner.id}`);
    expect(refused.msg).toBe('「测试有报价公司」还有1条业务方案、1条车型报价，请先删除后再删除');
    expect((await send('DELETE', `/api/competitor/businesses/${plan.data.id}`)).code).toBe(0);
    expect((await send('DELETE', `/api/competitor/cars/${offer.data.id}`)).code).toBe(0);
    expect((await send('DELETE', `/api/competitor/companies/${owner.id}`)).code).toBe(0);
  });

  it('never leaves an offer without its company when the company is deleted as the offer is saved', async () => {
    for (let round = 0; round < 3; round++) {
      const { data: owner } = await post('/api/competitor/companies', company());
      const [removed, offered] = await Promise.all([
        send('DELETE', `/api/competitor/companies/${owner.id}`),
        post('/api/competitor/cars', car(owner.id)),
      ]);
      // One of the two wins: a kept offer keeps its company, a deleted company took no offer.
      expect([removed.code === 0, offered.code === 0].filter(Boolean)).toHaveLength(1);
      if (removed.code === 0) expect(offered.msg).toMatch(/竞品公司/);
      else expect(removed.msg).toMatch(/还有1条车型报价/);
    }
  });

  it('lists a company’s schemes on the /business child page, filtered by city', async () => {
    const view = '/api/competitor/businesses/views/cp-competition-management.cp-company-info.type';
    const answer = await get<PageResult<Row>>(`${view}?cityId=${city.get('北京市')}&limit=100`);
    expect(answer.code).toBe(0);
    expect(answer.data.list.length).toBeGreaterThan(0);
    expect(new Set(answer.data.list.map((row) => row.cityId))).toEqual(new Set([city.get('北京市')]));
  });
});

describe('政策预警', () => {
  const warning = (fields: Record<string, unknown> = {}) => ({
    title: '关于暂停受理网约车运输证的通告',
    cityId: city.get('北京市'),
    warningType: 2,
    issuer: '北京市交通委员会',
    issuedOn: addDays(today, -10),
    effectiveOn: addDays(today, -10),
    summary: '运力饱和，暂停受理新增运输证申请',
    sourceUrl: 'https://jtw.beijing.gov.cn/notice/1',
    ...fields,
  });

  it('refuses an effective date before the issue, and a source that is not a link', async () => {
    expect(await post('/api/competitor/warnings', warning({ effectiveOn: addDays(today, -11) }))).toMatchObject({
      code: 400,
      msg: '生效日期：不能早于发布日期',
    });
    expect((await post('/api/competitor/warnings', warning({ sourceUrl: '网上看到的' }))).msg).toBe(
      '来源链接：应为http://或https://开头的网址',
    );
    const saved = await post('/api/competitor/warnings', warning());
    expect(saved.code).toBe(0);
    const view = '/api/competitor/warnings/views/cp-competition-management.ride-hailing-info.type';
    const listed = await get<PageResult<Row>>(`${view}?warningType=2&cityId=${city.get('北京市')}&limit=100`);
    expect(listed.data.list.map((row) => row.id)).toContain(saved.data.id);
  });
});

describe('平台信息', () => {
  const platform = (fields: Record<string, unknown> = {}) => ({
    name: `测试平台${++serial}`,
    mode: 1,
    cities: '全国',
    commissionCap: 2_700,
    ...survey,
    ...fields,
  });

  it('keeps rates in basis points, bounded by 100%, and a platform name once', async () => {
    expect(await post('/api/competitor/platforms', platform({ commissionCap: 10_001 }))).toMatchObject({
      code: 400,
      msg: '抽成上限：不能大于100%',
    });
    expect((await post('/api/competitor/platforms', platform({ observedRate: 22.5 }))).msg).toBe(
      '实测抽成：最多两位小数',
    );
    const saved = await post(
      '/api/competitor/platforms',
      platform({ name: '测试聚合平台', mode: 2, commissionCap: 900 }),
    );
    expect(saved.data).toMatchObject({ commissionCap: 900 });
    expect((await post('/api/competitor/platforms', platform({ name: '测试聚合平台' }))).msg).toMatch(
      /测试聚合平台.*已存在/,
    );
  });

  it('lists only aggregators on the /aggregators child page', async () => {
    const view = '/api/competitor/platforms/views/cp-competition-management.platform-info.type';
    const ids = async (url: string) => (await get<PageResult<Row>>(url)).data.list.map((row) => row.id).sort();
    const aggregators = await ids(`${view}?limit=100`);
    expect(aggregators.length).toBeGreaterThan(0);
    expect(aggregators).toEqual(await ids('/api/competitor/platforms?mode=2&limit=100'));
    // The child page keeps to its kind: a filter for the other kind is no filter of it.
    expect((await get(`${view}?mode=1`)).code).toBe(400);
  });
});

describe('branch companies and buttons', () => {
  it('keeps another branch company’s competitors out of reach by id', async () => {
    const other = await ctx.loginToOtherTenant();
    const { data: mine } = await post('/api/competitor/companies', company());
    expect((await get(`/api/competitor/companies/${mine.id}`, other)).code).not.toBe(0);
    const { cityId: _fixed, ...edit } = company({ remark: '改' });
    expect((await put(`/api/competitor/companies/${mine.id}`, { ...edit, version: 1 }, other)).code).not.toBe(0);
    expect((await send('DELETE', `/api/competitor/companies/${mine.id}`, undefined, other)).code).not.toBe(0);
    // Nor may their offers name it.
    const offer = await post('/api/competitor/cars', car(mine.id), other);
    expect(offer.code).not.toBe(0);
    expect(offer.msg).toMatch(/竞品公司/);
    expect((await get(`/api/competitor/companies/${mine.id}`)).data).toMatchObject({ remark: null });
  });

  it('refuses what the role’s buttons do not give: editing and deleting without 编辑 and 删除', async () => {
    const page = 'cp-competition-management.cp-company-info';
    const clerk = await userWithButtons(ctx, admin, page, ['add', 'export']);
    const made = await post('/api/competitor/companies', company(), clerk);
    expect(made.code).toBe(0);
    const { cityId: _fixed, ...edit } = company({ remark: '改' });
    expect(await put(`/api/competitor/companies/${made.data.id}`, { ...edit, version: 1 }, clerk)).toMatchObject({
      code: 403,
    });
    expect(await send('DELETE', `/api/competitor/companies/${made.data.id}`, undefined, clerk)).toMatchObject({
      code: 403,
    });
    // The page's buttons guard its /business child's schemes alike; another page's records are not theirs.
    const schemes = '/api/competitor/businesses/views/cp-competition-management.cp-company-info.type?limit=5';
    expect((await get(schemes, clerk)).code).toBe(0);
    expect((await get('/api/competitor/platforms?limit=5', clerk)).code).toBe(403);
  });
});
