import { creditCodeCheckCharacter, creditCodeProblem } from '@cp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs } from './calls';
import { startTestApp, type TestContext } from './harness';

type Row = Record<string, unknown> & { id: string; version: number };
type Option = { value: string; label: string };

let ctx: TestContext;
let admin: string;
let shanghai: string;
let cityId: string;

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await ctx.login('admin', 'admin123');
  shanghai = await ctx.loginToOtherTenant();
  cityId = (await ctx.request<Option[]>({ method: 'GET', url: '/api/lookups/cities', token: admin })).data[0]
    ?.value as string;
});
afterAll(() => ctx.close());

const code = (first17: string) => first17 + creditCodeCheckCharacter(first17);
const company = (creditCode: string) => ({
  name: '北京测试运输有限公司',
  creditCode,
  legalRepresentative: '张三',
  contactName: '李四',
  mobile: '13900001111',
  cityId,
});
const { get, post } = callsAs<Row, Row>(() => ({ ctx, token: admin }));

describe('统一社会信用代码 (GB 32100-2015)', () => {
  it('takes real codes and refuses a wrong check character, length or letter', () => {
    expect(creditCodeProblem('91110000802100433B')).toBeNull();
    expect(creditCodeProblem('91350100M000100Y43')).toBeNull();
    expect(creditCodeProblem('91110000802100433c')).toMatch(/校验位不正确/);
    expect(creditCodeProblem('91110000802100433')).toMatch(/应为18位/);
    expect(creditCodeProblem('9111000080210O433B')).toMatch(/无效字符/);
  });

  it('is checked by the server with the same words', async () => {
    const wrong = await post('/api/customers/government', company('91110000802100433C'));
    expect(wrong).toMatchObject({ code: 400, msg: '统一社会信用代码：校验位不正确，请核对营业执照上的代码' });
    const right = await post('/api/customers/government', company('91110000802100433b'));
    expect(right).toMatchObject({ code: 0, data: { creditCode: '91110000802100433B', name: '北京测试运输有限公司' } });
  });
});

describe('政企客户, 分销商, 个人客户', () => {
  it('answers 统一社会信用代码 … 已存在 to parallel saves of one code, and keeps one', async () => {
    const creditCode = code('91110105MA01AB3C4');
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => post('/api/customers/government', company(creditCode))),
    );
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.code !== 0)) {
      expect(refused).toMatchObject({ code: 1000, msg: `统一社会信用代码 ${creditCode} 已存在` });
    }
  });

  it('keeps each kind to its own rows: a distributor is not a 政企客户 by id', async () => {
    const distributor = await post('/api/customers/distributors', {
      ...company(code('91110105MA01AB3C5')),
      commissionRate: 350,
      region: '华北大区',
    });
    expect(distributor).toMatchObject({ code: 0, data: { commissionRate: 350 } });
    expect((await get(`/api/customers/government/${distributor.data.id}`)).code).toBe(404);
    expect((await get(`/api/customers/distributors/${distributor.data.id}`)).data.region).toBe('华北大区');
    expect(
      await post('/api/customers/distributors', { ...company(code('91110105MA01AB3C6')), region: '华北' }),
    ).toMatchObject({
      code: 400,
      msg: '佣金比例（万分之）：不能为空',
    });
  });

  it('checks a personal customer’s national ID (SPEC §5) and answers 已存在 for a second one', async () => {
    const person = { name: '王五', mobile: '13711112222', cityId };
    expect(await post('/api/customers/personal', { ...person, idNumber: '110105194912310021' })).toMatchObject({
      code: 400,
      msg: '身份证号：校验位不正确，请核对号码',
    });
    expect((await post('/api/customers/personal', { ...person, idNumber: '11010519491231002x' })).code).toBe(0);
    expect(await post('/api/customers/personal', { ...person, idNumber: '11010519491231002X' })).toMatchObject({
      code: 1000,
      msg: '身份证号 11010519491231002X 已存在',
    });
  });

  it("keeps another branch company's customers out of sight by id and in the lookup", async () => {
    const theirs = await post('/api/customers/government', company(code('91310115MA1K3XY2C')), shanghai);
    expect(theirs.code).toBe(0);
    expect((await get(`/api/customers/government/${theirs.data.id}`)).code).toBe(404);
    const put = await ctx.request({
      method: 'PUT',
      url: `/api/customers/government/${theirs.data.id}`,
      token: admin,
      payload: { ...company(code('91310115MA1K3XY2C')), version: 1 },
    });
    expect(put.code).toBe(404);
    const found = await ctx.request<Option[]>({
      method: 'GET',
      url: `/api/lookups/customers?search=${encodeURIComponent('91310115MA1K3XY2C')}`,
      token: admin,
    });
    expect(found.data).toEqual([]);
  });

  it('finds customers of every kind in the lookup by name, credit code or mobile', async () => {
    const search = async (text: string) =>
      (
        await ctx.request<Option[]>({
          method: 'GET',
          url: `/api/lookups/customers?search=${encodeURIComponent(text)}`,
          token: admin,
        })
      ).data.map((option) => option.label);
    expect(await search('802100433')).toEqual(['北京测试运输有限公司（政企客户）']);
    expect(await search('13711112222')).toEqual(['王五（个人客户）']);
    expect((await search('畅行汽车')).every((label) => label.endsWith('（分销商）'))).toBe(true);
    expect((await search('畅行汽车')).length).toBe(1);
  });

  it('refuses ops, whose role is vehicles and orders only', async () => {
    const ops = await ctx.login('ops', 'ops123');
    expect((await post('/api/customers/government', company(code('91110105MA01AB3C7')), ops)).code).toBe(403);
    expect((await get('/api/lookups/customers?search=北京', ops)).code).toBe(403);
  });
});
