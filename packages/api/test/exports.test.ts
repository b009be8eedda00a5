import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DownloadLink, DownloadRecordDto, PageResult } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { rowsOf } from '../src/db/migrate';
import { cleanUpExports } from '../src/exports/cleanup';
import { type FileTestContext, startFileApp } from './files-support';

let ctx: FileTestContext;
let admin: string;

beforeAll(async () => {
  ctx = await startFileApp({ exports: { batchSize: 500 } });
  admin = await ctx.login('admin', 'admin123');
});
afterAll(() => ctx.close());

const submit = (filters: Record<string, unknown> = {}, token = admin, kind = 'roleManagement') =>
  ctx.request<DownloadRecordDto>({ method: 'POST', url: '/api/exports', token, payload: { kind, filters } });

const records = async (token = admin) =>
  (await ctx.request<PageResult<DownloadRecordDto>>({ method: 'GET', url: '/api/download-records', token })).data;

const recordOf = async (id: string, token = admin) => (await records(token)).list.find((row) => row.id === id);

async function query<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await ctx.database.db.execute(statement));
}

async function download(id: string, token = admin) {
  const link = await ctx.request<DownloadLink>({ method: 'GET', url: `/api/download-records/${id}/url`, token });
  expect(link.code).toBe(0);
  const response = await ctx.app.inject({ method: 'GET', url: link.data.url });
  expect(response.statusCode).toBe(200);
  return { link: link.data, response, sheet: sheetText(response.rawPayload) };
}

function sheetText(xlsx: Buffer): string {
  const files = unzipSync(xlsx);
  expect(Object.keys(files)).toEqual(
    expect.arrayContaining(['[Content_Types].xml', 'xl/workbook.xml', 'xl/styles.xml', 'xl/worksheets/sheet1.xml']),
  );
  return new TextDecoder().decode(files['xl/worksheets/sheet1.xml']);
}

/** A file a killed attempt of the export's job left half written in the staging folder. */
async function leftBehind(exportId: string, attempt: number): Promise<string> {
  const [job] = await query<{ id: number }>(sql`select id from jobs where payload->>'exportId' = ${exportId}`);
  const folder = path.join(ctx.dataDir, 'files', '.staging');
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `job-${job?.id}-${attempt}-0badc0de.xlsx`);
  writeFileSync(file, 'PK half an xlsx');
  return file;
}

const cellTexts = (sheet: string) => [...sheet.matchAll(/<t[^>]*>([^<]*)<\/t>/g)].map((match) => match[1]);

describe('export lifecycle', () => {
  it('queues an export with the list’s filters, builds the xlsx, and lists it in the download center', async () => {
    const queued = await submit({ keyword: '超级' });
    expect(queued).toMatchObject({ code: 0, data: { kind: 'roleManagement', status: 0, statusLabel: '排队中' } });
    expect(queued.data.name).toMatch(/^角色列表_\d{14}$/);

    await ctx.app.jobs.runUntilIdle();
    const done = await recordOf(queued.data.id);
    expect(done).toMatchObject({ status: 2, statusLabel: '已完成', progress: 100, rowCount: 1, downloadable: true });
    expect(done?.size).toBeGreaterThan(0);

    const { link, response, sheet } = await download(queued.data.id);
    expect(link.fileName).toBe(`${queued.data.name}.xlsx`);
    expect(String(response.headers['content-disposition'])).toContain(
      `filename*=UTF-8''${encodeURIComponent(link.fileName)}`,
    );
    const texts = cellTexts(sheet);
    expect(texts.slice(0, 9)).toEqual([
      '角色编码',
      '角色名称',
      '系统内置',
      '备注',
      '账号数',
      '菜单权限',
      '按钮权限数',
      '创建时间',
      '更新时间',
    ]);
    // Enumeration labels and menu titles, never raw values.
    expect(texts).toEqual(expect.arrayContaining(['superAdmin', '超级管理员', '是']));
    expect(texts.some((text) => text?.includes('角色管理'))).toBe(true);
    // 创建时间 and 更新时间 are date-time cells (serial days in the date-time style) that Excel sorts as dates.
    expect(sheet).toMatch(/<c r="H2" s="3"><v>\d{5}(\.\d+)?<\/v><\/c><c r="I2" s="3"><v>\d{5}(\.\d+)?<\/v><\/c>/);
  });

  it('exports every matching row in batches, newest first', async () => {
    const [tenant] = await query<{ tenant_id: number }>(
      sql`select tenant_id from roles where code = 'superAdmin' order by tenant_id limit 1`,
    );
    await ctx.database.db.execute(sql`
      insert into roles (app_id, code, name, tenant_id)
      select 'cp-console', 'bulk' || n, '批量角色' || n, ${tenant?.tenant_id}
      from generate_series(1, 1234) n`);
    const queued = await submit({ keyword: '批量' });
    await ctx.app.jobs.runUntilIdle();
    expect(await recordOf(queued.data.id)).toMatchObject({ status: 2, rowCount: 1234 });
    const texts = cellTexts((await download(queued.data.id)).sheet);
    expect(texts.filter((text) => text?.startsWith('批量角色'))).toHaveLength(1234);
    expect(texts.indexOf('批量角色1234')).toBeLessThan(texts.indexOf('批量角色1'));
  });

  it('lists only the user’s own exports in the current branch company, newest first', async () => {
    const first = await submit();
    const second = await submit();
    const list = await records();
    expect(list.list.slice(0, 2).map((row) => row.id)).toEqual([second.data.id, first.data.id]);
    const shanghai = await ctx.loginToOtherTenant();
    expect((await records(shanghai)).list).toEqual([]);
    const link = await ctx.request({
      method: 'GET',
      url: `/api/download-records/${first.data.id}/url`,
      token: shanghai,
    });
    expect(link).toMatchObject({ code: 404, msg: '下载记录不存在' });
    await ctx.app.jobs.runUntilIdle();
  });

  it('says a queued export is not ready yet', async () => {
    const queued = await submit();
    const link = await ctx.request({ method: 'GET', url: `/api/download-records/${queued.data.id}/url`, token: admin });
    expect(link).toMatchObject({ code: 1000, msg: '文件尚未生成完成，请稍后再试' });
    await ctx.app.jobs.runUntilIdle();
  });

  it('audits the request and the finished export', async () => {
    const queued = await submit();
    await ctx.app.jobs.runUntilIdle();
    const audit = await query<{ action: string; user_name: string }>(
      sql`select action, user_name from audit_log where entity = 'export' and entity_id = ${queued.data.id} order by id`,
    );
    expect(audit.map((row) => row.action)).toEqual(['create', 'complete']);
    expect(audit[1]?.user_name).toBe('后台任务');
  });
});

describe('who may export what', () => {
  it('needs the list’s export button', async () => {
    const ops = await ctx.login('ops', 'ops123');
    expect(await submit({}, ops)).toMatchObject({ code: 403, msg: '无权限' });
  });

  it('names the bad kind or filter in Chinese', async () => {
    expect(await submit({}, admin, 'nope')).toMatchObject({ code: 400, msg: '导出类型：不支持 nope' });
    expect(await submit({ keyword: 'x'.repeat(51) })).toMatchObject({
      code: 400,
      msg: '关键字：长度不能超过50个字符',
    });
    expect(await submit({ tenantId: '2' })).toMatchObject({ code: 400, msg: '不支持的字段：tenantId' });
    const noKind = await ctx.request({ method: 'POST', url: '/api/exports', token: admin, payload: { filters: {} } });
    expect(noKind).toMatchObject({ code: 400, msg: '导出类型：不能为空' });
  });

  it('offers the exports the user holds', async () => {
    const kinds = await ctx.request<{ kind: string; name: string }[]>({
      method: 'GET',
      url: '/api/exports/kinds',
      token: admin,
    });
    expect(kinds.data).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'roleManagement' })]));
  });
});

describe('durable jobs', () => {
  it('runs again a job left running by a process that died (lease expired)', async () => {
    const queued = await submit();
    // What a crash mid-export leaves: the job claimed by a worker that is gone, the record half done.
    await ctx.database.db.execute(sql`
      update jobs set status = 'running', attempts = 1, locked_by = 'dead-worker',
        lease_until = now() - interval '1 second', started_at = now() - interval '1 minute'
      where payload->>'exportId' = ${queued.data.id}`);
    await ctx.database.db.execute(
      sql`update export_records set status = 1, progress = 40 where id = ${Number(queued.data.id)}`,
    );
    // Nobody generates it any more: the download center says so rather than 生成中 40%.
    expect(await recordOf(queued.data.id)).toMatchObject({ status: 0, statusLabel: '重试中', progress: 0 });

    await ctx.app.jobs.runUntilIdle();
    const recovered = await recordOf(queued.data.id);
    expect(recovered).toMatchObject({ status: 2, progress: 100 });
    expect(recovered?.rowCount).toBeGreaterThan(1234);
    const [job] = await query<{ status: string; attempts: number; locked_by: string | null }>(
      sql`select status, attempts, locked_by from jobs where payload->>'exportId' = ${queued.data.id}`,
    );
    expect(job).toEqual({ status: 'succeeded', attempts: 2, locked_by: null });
    await download(queued.data.id);
  });

  it('shows an export whose process died as 重试中, not as still being generated', async () => {
    const queued = await submit();
    await ctx.database.db.execute(sql`
      update jobs set status = 'running', attempts = 1, locked_by = 'killed-worker',
        lease_until = now() - interval '1 second'
      where payload->>'exportId' = ${queued.data.id}`);
    await ctx.database.db.execute(
      sql`update export_records set status = 1, progress = 31, row_count = 500 where id = ${Number(queued.data.id)}`,
    );
    expect(await recordOf(queued.data.id)).toMatchObject({
      status: 0,
      statusLabel: '重试中',
      progress: 0,
      rowCount: 0,
      downloadable: false,
    });
    await ctx.app.jobs.runUntilIdle();
    expect(await recordOf(queued.data.id)).toMatchObject({ status: 2, statusLabel: '已完成' });
  });

  it('shows within seconds that the process generating an export was killed', async () => {
    const queued = await submit();
    // What a worker with the default lease writes when it claims the job and reports progress, then is killed.
    const { leaseSeconds } = loadConfig({}).jobs;
    // "Within seconds": a live worker renews its lease; a dead one's runs out this long after its last report.
    expect(leaseSeconds).toBeLessThanOrEqual(10);
    await ctx.database.db.execute(sql`
      update jobs set status = 'running', attempts = 1, locked_by = 'killed-worker', heartbeat_at = now(),
        lease_until = now() + make_interval(secs => ${leaseSeconds})
      where payload->>'exportId' = ${queued.data.id}`);
    await ctx.database.db.execute(
      sql`update export_records set status = 1, progress = 31 where id = ${Number(queued.data.id)}`,
    );
    expect(await recordOf(queued.data.id)).toMatchObject({ statusLabel: '生成中', progress: 31 });
    // The lease runs out (time moved on, by the database's clock, without a renewal): no wait, no wall-clock bound.
    await ctx.database.db.execute(sql`
      update jobs set heartbeat_at = heartbeat_at - make_interval(secs => ${leaseSeconds}),
        lease_until = now() - interval '1 millisecond'
      where payload->>'exportId' = ${queued.data.id}`);
    expect(await recordOf(queued.data.id)).toMatchObject({ status: 0, statusLabel: '重试中', progress: 0 });
    await ctx.app.jobs.runUntilIdle();
  });

  it('removes the half-written file of a killed attempt when the job runs again', async () => {
    const queued = await submit();
    const partial = await leftBehind(queued.data.id, 1);
    await ctx.database.db.execute(sql`
      update jobs set status = 'running', attempts = 1, locked_by = 'dead-worker',
        lease_until = now() - interval '1 second'
      where payload->>'exportId' = ${queued.data.id}`);
    await ctx.app.jobs.runUntilIdle();
    expect(await recordOf(queued.data.id)).toMatchObject({ status: 2 });
    expect(existsSync(partial)).toBe(false);
    expect(ctx.storedFiles().filter((file) => file.includes('.staging'))).toEqual([]);
  });

  it('leaves a job with a live lease alone', async () => {
    const queued = await submit();
    await ctx.database.db.execute(sql`
      update jobs set status = 'running', attempts = 1, locked_by = 'busy-worker', lease_until = now() + interval '1 minute'
      where payload->>'exportId' = ${queued.data.id}`);
    await ctx.app.jobs.runUntilIdle();
    expect(await recordOf(queued.data.id)).toMatchObject({ status: 0 });
    await ctx.database.db.execute(
      sql`update jobs set lease_until = now() - interval '1 second' where payload->>'exportId' = ${queued.data.id}`,
    );
    await ctx.app.jobs.runUntilIdle();
    expect(await recordOf(queued.data.id)).toMatchObject({ status: 2 });
  });

  it('fails a job that keeps dying, with a reason, instead of leaving it stuck', async () => {
    const queued = await submit();
    const partial = await leftBehind(queued.data.id, 3);
    await ctx.database.db.execute(sql`
      update jobs set status = 'running', attempts = max_attempts, locked_by = 'dead-worker',
        lease_until = now() - interval '1 second'
      where payload->>'exportId' = ${queued.data.id}`);
    await ctx.app.jobs.runUntilIdle();
    const failed = await recordOf(queued.data.id);
    expect(failed).toMatchObject({ status: 3, statusLabel: '失败', downloadable: false });
    expect(failed?.failureReason).toBe('任务执行中断（服务重启或超时），已尝试3次');
    expect(existsSync(partial)).toBe(false);
  });

  it('fails at once what retrying cannot fix', async () => {
    const queued = await submit();
    await ctx.database.db.execute(sql`update export_records set kind = 'retired' where id = ${Number(queued.data.id)}`);
    await ctx.app.jobs.runUntilIdle();
    expect(await recordOf(queued.data.id)).toMatchObject({ status: 3, failureReason: '该导出已下线' });
  });

  it('removes expired files and keeps the record as 已过期', async () => {
    const queued = await submit();
    await ctx.app.jobs.runUntilIdle();
    const before = ctx.storedFiles().filter((file) => file.includes('/exports/'));
    const [row] = await query<{ file_location: string }>(sql`
      select f.file_location from export_records e join files f on f.id = e.file_id where e.id = ${Number(queued.data.id)}`);
    expect(before.some((file) => file.endsWith(row?.file_location ?? '?'))).toBe(true);

    await ctx.database.db.execute(
      sql`update export_records set expires_at = now() - interval '1 second' where id = ${Number(queued.data.id)}`,
    );
    expect(await recordOf(queued.data.id)).toMatchObject({ status: 2, downloadable: false });
    expect(await cleanUpExports(ctx.database.db, ctx.config)).toBe(1);
    expect(await recordOf(queued.data.id)).toMatchObject({ status: 4, statusLabel: '已过期', downloadable: false });
    expect(ctx.storedFiles().some((file) => file.endsWith(row?.file_location ?? '?'))).toBe(false);
    const [left] = await query<{ n: number }>(
      sql`select count(*)::int as n from files where file_location = ${row?.file_location ?? ''}`,
    );
    expect(left?.n).toBe(0);
    const link = await ctx.request({ method: 'GET', url: `/api/download-records/${queued.data.id}/url`, token: admin });
    expect(link).toMatchObject({ code: 1000, msg: '文件已过期，请重新导出' });
  });
});

describe('download records paging', () => {
  it('pages with the shared page query and refuses bad paging', async () => {
    const page = await ctx.request<PageResult<DownloadRecordDto>>({
      method: 'GET',
      url: '/api/download-records?page=1&limit=2',
      token: admin,
    });
    expect(page.data.list).toHaveLength(2);
    expect(page.data.total).toBeGreaterThan(2);
    expect(await ctx.request({ method: 'GET', url: '/api/download-records?limit=501', token: admin })).toMatchObject({
      code: 400,
      msg: '每页条数：不能大于500',
    });
  });
});
