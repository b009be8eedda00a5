import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { access } from '../src/http/access';
import { ApiError } from '../src/http/errors';
import { translateDbError } from '../src/resource/db-errors';
import { userFamily } from '../src/users/family';
import { vehicleFamily } from '../src/vehicles/family';
import { startTestApp, type TestContext } from './harness';

/** Statements the database refuses the way a value a schema let through would be refused. */
const refusals: Record<string, ReturnType<typeof sql>> = {
  numericOverflow: sql`select 40000::smallint`,
  invalidText: sql`select 'abc'::bigint`,
  badEncoding: sql`select convert_from('\\xff'::bytea, 'UTF8')`,
  impossibleDate: sql`select '2026-02-30'::date`,
  badDatetime: sql`select 'yesterday-ish'::timestamptz`,
  uniqueViolation: sql`insert into roles (tenant_id, app_id, code, name) select tenant_id, app_id, code, name from roles limit 1`,
  divisionByZero: sql`select 1 / 0`,
};

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await startTestApp(
    {},
    {
      async extend(app, { database }) {
        app.get('/api/test-refusal/:kind', { config: { access: access.session } }, async (request) => {
          const statement = refusals[(request.params as { kind: string }).kind];
          if (statement) await database.db.execute(statement);
          return { code: 0 };
        });
      },
    },
  );
  token = await ctx.login('admin', 'admin123');
});
afterAll(() => ctx.close());

const refuse = (kind: string) => ctx.request({ method: 'GET', url: `/api/test-refusal/${kind}`, token });

describe('what the database refuses is never a 500 (the last line of defence behind the schemas)', () => {
  it('values it cannot hold are the caller’s to fix', async () => {
    expect(await refuse('numericOverflow')).toMatchObject({ status: 200, code: 400, msg: '数值超出允许的范围' });
    expect(await refuse('invalidText')).toMatchObject({ status: 200, code: 400, msg: '数据格式不正确' });
    expect(await refuse('badEncoding')).toMatchObject({ status: 200, code: 400, msg: '文本包含无效字符' });
    expect(await refuse('impossibleDate')).toMatchObject({ status: 200, code: 400, msg: '日期或时间无效' });
    expect(await refuse('badDatetime')).toMatchObject({ status: 200, code: 400, msg: '日期或时间无效' });
  });

  it('a unique key taken by another request is a business answer', async () => {
    expect(await refuse('uniqueViolation')).toMatchObject({
      status: 200,
      code: 1000,
      msg: '数据已存在，请勿重复提交',
    });
  });

  it('a fault of the server itself stays a 500 with its request id', async () => {
    const fault = await refuse('divisionByZero');
    expect(fault).toMatchObject({ status: 500, code: 500, msg: '系统异常，请稍后重试' });
    expect(fault.requestId).toBeTruthy();
  });
});

describe('a NOT NULL refusal, however it slipped past the schemas', () => {
  /** What the database itself answers for `statement`, translated as the write path translates it. */
  async function refusalOf(statement: ReturnType<typeof sql>, family?: Parameters<typeof translateDbError>[1]) {
    const error = await ctx.database.db.execute(statement).then(
      () => null,
      (reason: unknown) => reason,
    );
    const answer = translateDbError(error, family);
    expect(answer).toBeInstanceOf(ApiError);
    return { code: (answer as ApiError).code, msg: (answer as ApiError).message };
  }

  it('names the field of the row’s own column', async () => {
    const insert = sql`insert into vehicles (vin, model_id, series_id, brand_id, energy_type, city_id, company_id, mileage, tenant_id)
      values ('LGXCE4CB9P0123456', 1, 1, 1, 0, 1, 1, null, 1)`;
    expect(await refusalOf(insert, vehicleFamily)).toEqual({ code: 400, msg: '里程（公里）：不能为空' });
  });

  it('names the field of a parent’s column a family writes (a user’s name)', async () => {
    const insert = sql`insert into users (login_id, user_name, code, password_hash) values ('nameless', null, 'N1', 'x')`;
    expect(await refusalOf(insert, userFamily)).toEqual({ code: 400, msg: '姓名：不能为空' });
  });

  it('says a required value is missing where it cannot name the field, never a 500', async () => {
    const insert = sql`insert into users (login_id, user_name, code, password_hash) values ('nameless', 'x', 'N1', null)`;
    expect(await refusalOf(insert, userFamily)).toEqual({ code: 400, msg: '必填项不能为空' });
    expect(await refusalOf(insert)).toEqual({ code: 400, msg: '必填项不能为空' });
  });
});

describe('a multipart body the parser cannot read', () => {
  it('without a boundary, an upload and a login are refused in words', async () => {
    for (const url of ['/api/gateway/storage/file/private', '/api/auth/login', '/api/vehicles/import']) {
      const answer = await ctx.request({
        method: 'POST',
        url,
        token,
        payload: 'x',
        headers: { 'content-type': 'multipart/form-data' },
      });
      expect(answer, url).toMatchObject({ status: 200, code: 400, msg: '请求不是有效的表单数据' });
    }
  });

  it('a form sent to a route that reads none is refused as the wrong kind of body', async () => {
    // The parser is registered only where a route reads a form (http/uploads.ts).
    const answer = await ctx.request({
      method: 'POST',
      url: '/api/vehicles',
      token,
      payload: '--b\r\nContent-Disposition: form-data; name="plateNo"\r\n\r\n京A12345\r\n--b--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(answer).toMatchObject({ status: 200, code: 400, msg: '不支持的请求内容类型' });
  });
});
