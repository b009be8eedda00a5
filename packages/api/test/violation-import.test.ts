import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PageResult } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { importTemplate } from '../src/files/templates';
import { type CellValue, type SheetColumn, XlsxWriter } from '../src/xlsx/writer';
import { callsAs } from './calls';
import { startTestApp, type TestContext, withdrawButton } from './harness';

type Row = Record<string, unknown>;
interface Problem {
  row: number;
  field: string;
  message: string;
}

let ctx: TestContext;
let admin: string;
const folder = mkdtempSync(path.join(tmpdir(), 'cp-violation-import-'));
const importUrl = '/api/vehicle-violations/import';
const day = 86_400_000;
const chinaMs = 8 * 3_600_000;

beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 12 });
  admin = await ctx.login('admin', 'admin123');
});
afterAll(async () => {
  await ctx.close();
  rmSync(folder, { recursive: true, force: true });
});

let sheets = 0;
const templateColumns = () => importTemplate('violation')?.columns ?? [];
/** An .xlsx made by the project's own writer: the template's header, then `rows`. */
async function workbook(rows: readonly CellValue[][], columns: readonly SheetColumn[] = templateColumns()) {
  const file = path.join(folder, `sheet-${++sheets}.xlsx`);
  const writer = new XlsxWriter(file, columns);
  for (const row of rows) writer.addRow(row);
  await writer.finish();
  return readFileSync(file);
}

const { get, upload } = callsAs(() => ({ ctx, token: admin }));
const send = (content: Buffer, token = admin, name = '违章.xlsx') =>
  upload<{ imported: number; skipped: number } & { problems?: Problem[] }>(importUrl, { name, content }, token);

const plateQuery = (plate: unknown) => encodeURIComponent(String(plate));
const violationsOf = async (plate: unknown) =>
  (await get<PageResult<Row>>(`/api/vehicle-violations?plateNo=${plateQuery(plate)}&limit=100`)).data.list;
const countViolations = async () => {
  const result = await ctx.database.db.execute(sql`select count(*)::int as n from vehicle_violations`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n);
};
const stagedFiles = () => {
  try {
    return readdirSync(path.join(ctx.config.dataDir, 'files', '.staging'));
  } catch {
    return [];
  }
};

/** A moment in the past, to the minute, and how it is written in a sheet (China time). */
function moment(daysAgo: number, minute: number) {
  const at = new Date(Math.floor((Date.now() - daysAgo * day) / 60_000) * 60_000 - minute * 60_000);
  const wall = new Date(at.getTime() + chinaMs);
  const pad = (n: number) => String(n).padStart(2, '0');
  const [y, m, d, h, min] = [
    wall.getUTCFullYear(),
    wall.getUTCMonth() + 1,
    wall.getUTCDate(),
    wall.getUTCHours(),
    wall.getUTCMinutes(),
  ];
  return {
    at,
    dashed: `${y}-${pad(m)}-${pad(d)} ${pad(h)}:${pad(min)}`,
    slashed: `${y}/${m}/${d} ${h}:${pad(min)}`,
    withSeconds: `${y}-${pad(m)}-${pad(d)} ${pad(h)}:${pad(min)}:00`,
    serial: (wall.getTime() - Date.UTC(1899, 11, 30)) / day,
  };
}

/** The plate of one of the tenant's vehicles. */
async function plateOf(index: number) {
  const list = (await get<PageResult<Row>>('/api/vehicles?limit=20')).data.list.filter((row) => row.plateNo);
  return String(list[index]?.plateNo);
}

/** A vehicle in 租赁中 and the driver it was handed to. */
async function leasedVehicle() {
  const vehicle = (await get<PageResult<Row>>('/api/vehicles?stage=5&limit=1')).data.list[0] as Row;
  const deliveries = await get<PageResult<Row>>(`/api/vehicle-deliveries?plateNo=${plateQuery(vehicle.plateNo)}`);
  return { plate: String(vehicle.plateNo), driver: deliveries.data.list[0]?.driverName };
}

describe('violation import', () => {
  it('downloads the template: the eight columns, an example row, and a 说明 sheet', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/gateway/storage/templates/violation',
      headers: { token: admin },
    });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['content-disposition'])).toContain(encodeURIComponent('违章记录导入模板.xlsx'));
    const entries = unzipSync(response.rawPayload);
    const cellsOf = (entry: string, row: number) => {
      const xml = new TextDecoder().decode(entries[entry]);
      const rowXml = new RegExp(`<row r="${row}">(.*?)</row>`).exec(xml)?.[1] ?? '';
      return [...rowXml.matchAll(/<t[^>]*>([^<]*)<\/t>/g)].map((match) => match[1]);
    };
    expect(cellsOf('xl/worksheets/sheet1.xml', 1)).toEqual([
      '车牌号',
      '违章时间',
      '违章地点',
      '违章行为',
      '扣分',
      '罚款（元）',
      '处理状态',
      '备注',
    ]);
    expect(cellsOf('xl/worksheets/sheet1.xml', 2).slice(0, 2)).toEqual(['京A12345', '2026-11-01 08:30']);
    expect(cellsOf('xl/worksheets/sheet2.xml', 1)).toEqual(['列名', '必填', '说明']);
    const statusNote = [3, 4, 5, 6, 7, 8, 9, 10, 11].map((row) => cellsOf('xl/worksheets/sheet2.xml', row));
    expect(statusNote).toContainEqual(['处理状态', '否', '不填为未处理；可填：未处理、处理中、已处理']);
  });

  it('leaves out the example row when the sheet still holds it', async () => {
    const plate = await plateOf(3);
    const example = ['京A12345', '2026-11-01 08:30', '建国路双井桥东', '违反禁止标线指示', '3', '200', '', ''];
    const response = await send(await workbook([example, [plate, moment(6, 0).dashed, '长安街', '闯红灯', 1, 100]]));
    expect(response).toMatchObject({ code: 0, data: { imported: 1, skipped: 0 } });
  });

  it('imports a good sheet with the driver of the time, the vehicle’s plate and the fine in fen', async () => {
    const { plate, driver } = await leasedVehicle();
    expect(driver).toBeTruthy();
    const [a, b, c, d] = [moment(2, 0), moment(2, 10), moment(2, 20), moment(2, 30)];
    const content = await workbook([
      [plate.toLowerCase(), a.dashed, '建国路双井桥东', '违反禁止标线指示', 3, 200, '', '批量导入'],
      [plate, b.slashed, '长安街', '闯红灯', 6, 200.5, '处理中', ''],
      [` ${plate} `, c.withSeconds, '西单', '违停', '0', '0.05', '已处理', ''],
      [plate, d.serial, '东三环', '超速', 12, 1500.25, '未处理', ''],
    ]);
    const response = await send(content);
    expect(response).toMatchObject({ code: 0, data: { imported: 4, skipped: 0 } });
    const rows = await violationsOf(plate);
    const imported = (item: string) => rows.find((row) => row.item === item);
    expect(imported('违反禁止标线指示')).toMatchObject({
      plateNo: plate,
      driverName: driver,
      occurredAt: a.at.toISOString(),
      points: 3,
      fine: 20000,
      status: 0,
    });
    expect(imported('闯红灯')).toMatchObject({ occurredAt: b.at.toISOString(), fine: 20050, status: 1 });
    expect(imported('违停')).toMatchObject({ occurredAt: c.at.toISOString(), fine: 5, points: 0, status: 2 });
    // Recorded as 已处理, it is handled as of the import; the others are not handled yet.
    expect(Date.parse(String(imported('违停')?.handledAt))).toBeGreaterThan(Date.now() - 60_000);
    expect(imported('闯红灯')?.handledAt).toBeNull();
    expect(imported('超速')).toMatchObject({ occurredAt: d.at.toISOString(), fine: 150025, driverName: driver });
    const audit = await ctx.database.db.execute(
      sql`select changes from audit_log where entity = 'violation' and action = 'import' order by id desc limit 1`,
    );
    expect(rowsOf<{ changes: Row }>(audit)[0]?.changes).toMatchObject({
      imported: { to: 4 },
      skipped: { to: 0 },
      fileName: { to: '违章.xlsx' },
    });
    expect(stagedFiles()).toEqual([]);
  });

  it('skips rows already kept and rows repeated in the sheet, so a second import adds nothing', async () => {
    const plate = await plateOf(1);
    const at = moment(3, 0);
    const rows: CellValue[][] = [
      [plate, at.dashed, '朝阳路', '未按规定让行', 2, 100, '', ''],
      [plate, at.serial, '朝阳路', '未按规定让行', 2, 100, '', '同一条，Excel日期'],
      [plate, at.dashed, '朝阳路', '违停', 0, 50, '', ''],
    ];
    expect((await send(await workbook(rows))).data).toEqual({ imported: 2, skipped: 1 });
    const before = await countViolations();
    expect((await send(await workbook(rows))).data).toEqual({ imported: 0, skipped: 3 });
    expect(await countViolations()).toBe(before);
  });

  it('saves nothing when rows are wrong, and names every problem with its row', async () => {
    const plate = await plateOf(2);
    const good = moment(4, 0);
    const before = await countViolations();
    const response = await send(
      await workbook([
        [plate, good.dashed, '长安街', '闯红灯', 6, 200, '', ''],
        ['京A00000', good.dashed, '长安街', '闯红灯', 6, 200, '', ''],
        [plate, '2026-02-30 08:00', '长安街', '闯红灯', 13, 200, '', ''],
        [plate, new Date(Date.now() + 2 * day).toISOString().slice(0, 10), '', '闯红灯', 2.5, 1.234, '已撤销', ''],
        [plate, '', '长安街', 'x'.repeat(201), -1, -5, '', 'y'.repeat(501)],
        [null, good.dashed, '长安街', '闯红灯', 0, 0, '', ''],
      ]),
    );
    expect(response.code).toBe(1000);
    expect(response.msg).toBe(
      '导入失败：共14处错误，第3行 车牌号「京A00000」不存在；第4行 违章时间格式不正确，应如2026-11-01 08:30；' +
        '第4行 扣分应为0到12的整数；第5行 违章时间不能晚于当前时间；第5行 违章地点不能为空；…',
    );
    expect(response.data.problems).toEqual([
      { row: 3, field: '车牌号', message: '「京A00000」不存在' },
      { row: 4, field: '违章时间', message: '格式不正确，应如2026-11-01 08:30' },
      { row: 4, field: '扣分', message: '应为0到12的整数' },
      { row: 5, field: '违章时间', message: '不能晚于当前时间' },
      { row: 5, field: '违章地点', message: '不能为空' },
      { row: 5, field: '扣分', message: '应为0到12的整数' },
      { row: 5, field: '罚款（元）', message: '应为不小于0、最多两位小数的金额' },
      { row: 5, field: '处理状态', message: '应为未处理、处理中或已处理' },
      { row: 6, field: '违章时间', message: '不能为空' },
      { row: 6, field: '违章行为', message: '长度不能超过200个字符' },
      { row: 6, field: '扣分', message: '应为0到12的整数' },
      { row: 6, field: '罚款（元）', message: '应为不小于0、最多两位小数的金额' },
      { row: 6, field: '备注', message: '长度不能超过500个字符' },
      { row: 7, field: '车牌号', message: '不能为空' },
    ]);
    expect(await countViolations()).toBe(before);
    expect(stagedFiles()).toEqual([]);
  });

  it('calls a plate of another branch company 不存在', async () => {
    const other = await ctx.loginToOtherTenant();
    const theirs = (await get<PageResult<Row>>('/api/vehicles?limit=20', other)).data.list.find(
      (row) => row.plateNo,
    ) as Row;
    const response = await send(
      await workbook([[theirs.plateNo as string, moment(1, 0).dashed, '外滩', '违停', 0, 0]]),
    );
    expect(response).toMatchObject({
      code: 1000,
      data: { problems: [{ row: 2, field: '车牌号', message: `「${theirs.plateNo}」不存在` }] },
    });
  });

  it('refuses a sheet with other headers, an empty sheet, and more than 2000 rows; takes 2000', async () => {
    const wrong = await send(await workbook([['京A12345']], [{ header: '车牌' }, { header: '时间' }]));
    expect(wrong).toMatchObject({
      code: 400,
      msg: '模板表头不符：第1列应为「车牌号」，实际为「车牌」，请下载最新模板',
    });
    expect(await send(await workbook([]))).toMatchObject({ code: 1000, msg: '模板中没有数据' });
    expect(await send(await workbook([[null], ['', '  ']]))).toMatchObject({ code: 1000, msg: '模板中没有数据' });
    const plate = await plateOf(0);
    const many = Array.from({ length: 2001 }, (_, i) => [plate, moment(30, i).dashed, '长安街', '闯红灯', 1, 100]);
    const before = await countViolations();
    expect(await send(await workbook(many))).toMatchObject({ code: 1000, msg: '一次最多导入2000条，请分批导入' });
    expect(await countViolations()).toBe(before);
    expect(stagedFiles()).toEqual([]);
    expect(await send(await workbook(many.slice(1)))).toMatchObject({ code: 0, data: { imported: 2000, skipped: 0 } });
    expect(await countViolations()).toBe(before + 2000);
  });

  it('refuses what is not an xlsx workbook', async () => {
    expect(await send(Buffer.from('车牌号,违章时间\n'), admin, '违章.csv')).toMatchObject({
      code: 400,
      msg: '文件格式不正确!',
    });
    expect(await send(Buffer.from('PK\u0003\u0004 not really a zip'), admin)).toMatchObject({ code: 400 });
    expect(await send(Buffer.alloc(2 * 1024 * 1024 + 1, 0x50))).toMatchObject({
      code: 413,
      msg: '上传文件大小不能超过2MB!',
    });
    expect(stagedFiles()).toEqual([]);
  });

  it('answers 403 无权限 to a user without the import button', async () => {
    const ops = await ctx.login('ops', 'ops123');
    await withdrawButton(ctx, admin, 'vehicleOrderOps', 'violationManagement:import');
    const plate = await plateOf(0);
    const before = await countViolations();
    expect(await send(await workbook([[plate, moment(5, 0).dashed, '长安街', '闯红灯', 1, 100]]), ops)).toMatchObject({
      code: 403,
      msg: '无权限',
    });
    expect((await get('/api/gateway/storage/templates/violation', ops)).code).toBe(403);
    expect(await countViolations()).toBe(before);
  });
});
