import { type AccountRow, type UploadResult, vinCheckDigit } from '@cp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeDriver } from './driver-support';
import { multipart, samples } from './files-support';
import { startTestApp, type TestContext } from './harness';

let ctx: TestContext;
let admin: string;
let refs: { modelId: string; cityId: string; companyId: string };

type Vehicle = Record<string, unknown> & { id: string; stage: number; rentStatus: number; version: number };

const vin = (serial: number) => {
  const draft = `LGXCE4CB0P${String(serial).padStart(7, '0')}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
};

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await ctx.login('admin', 'admin123');
  const catalog = await ctx.request<{ value: string; children: { children: { value: string }[] }[] }[]>({
    method: 'GET',
    url: '/api/lookups/vehicle-catalog',
    token: admin,
  });
  const companies = await ctx.request<{ value: string }[]>({
    method: 'GET',
    url: '/api/lookups/companies',
    token: admin,
  });
  const cities = await ctx.request<{ value: string }[]>({ method: 'GET', url: '/api/lookups/cities', token: admin });
  refs = {
    modelId: catalog.data[0]?.children[0]?.children[0]?.value ?? '',
    cityId: cities.data[0]?.value ?? '',
    companyId: companies.data[0]?.value ?? '',
  };
});
afterAll(() => ctx.close());

let serial = 1;
async function createVehicle(extra: Record<string, unknown> = {}, token = admin) {
  const response = await ctx.request<Vehicle>({
    method: 'POST',
    url: '/api/vehicles',
    token,
    payload: { vin: vin(serial++), energyType: 1, mileage: 12, ...refs, ...extra },
  });
  return response;
}

const act = (id: string, path: string, payload: object = {}, token = admin) =>
  ctx.request<unknown>({ method: 'POST', url: `/api/vehicles/${id}/${path}`, token, payload });
const checklist = [{ item: '外观', ok: true }];

describe('vehicle validation', () => {
  it('refuses a VIN with a wrong check digit, naming the field', async () => {
    const bad = `${vin(900).slice(0, 8)}${vin(900)[8] === '0' ? '1' : '0'}${vin(900).slice(9)}`;
    const response = await createVehicle({ vin: bad });
    expect(response).toMatchObject({ code: 400, msg: '车架号：校验位（第9位）与其他位不符，请逐位核对' });
  });

  it('refuses a malformed plate and accepts an 8-character new-energy plate', async () => {
    expect((await createVehicle({ plateNo: '京A1234' })).msg).toBe(
      '车牌号：应为7位，如“京A12345”；新能源8位，如“京AD12345”',
    );
    const created = await createVehicle({ plateNo: '京AD12345' });
    expect(created.code).toBe(0);
    expect(created.data).toMatchObject({ plateNo: '京AD12345', stage: 0, rentStatus: 2, brandName: '比亚迪' });
  });

  it('refuses a duplicate VIN and an unknown model', async () => {
    const first = await createVehicle();
    const again = await ctx.request({
      method: 'POST',
      url: '/api/vehicles',
      token: admin,
      payload: { vin: first.data.vin, energyType: 1, mileage: 12, ...refs },
    });
    expect(again).toMatchObject({ code: 1000, msg: `车架号 ${first.data.vin} 已存在` });
    expect((await createVehicle({ modelId: refs.cityId === '1' ? '99999' : '99999' })).msg).toBe('车型不存在');
  });

  it('explains bad filters', async () => {
    const stage = await ctx.request({ method: 'GET', url: '/api/vehicles?stage=a,b', token: admin });
    expect(stage).toMatchObject({ code: 400, msg: '车辆阶段：应为以逗号分隔的编号' });
    const range = await ctx.request({
      method: 'GET',
      url: '/api/vehicles?nextInspectionDate=2026-12-01,2026-01-01',
      token: admin,
    });
    expect(range).toMatchObject({ code: 400, msg: '下次年检日期：开始日期不能晚于结束日期' });
    const sort = await ctx.request({ method: 'GET', url: '/api/vehicles?sort=tenantId', token: admin });
    expect(sort.code).toBe(400);
    expect(sort.msg).toMatch(/^排序字段：取值无效/);
  });
});

describe('vehicle list', () => {
  type Page = { list: Vehicle[]; total: number };
  const search = (plateNo: string) =>
    ctx.request<Page>({
      method: 'GET',
      url: `/api/vehicles?limit=500&plateNo=${encodeURIComponent(plateNo)}`,
      token: admin,
    });

  it('finds plates by any piece of one, two or more characters, in either case', async () => {
    const first = await createVehicle({ plateNo: '粤BX5Y71' });
    const second = await createVehicle({ plateNo: '粤BX5Y72' });
    expect([first.code, second.code]).toEqual([0, 0]);
    for (const [piece, expected] of [
      ['x5', ['粤BX5Y71', '粤BX5Y72']],
      ['粤', ['粤BX5Y71', '粤BX5Y72']],
      ['y71', ['粤BX5Y71']],
      ['BX5Y72', ['粤BX5Y72']],
    ] as const) {
      const { code, data } = await search(piece);
      expect(code).toBe(0);
      const plates = data.list.map((row) => String(row.plateNo));
      for (const plate of expected) expect(plates).toContain(plate);
      for (const plate of plates) expect(plate).toContain(piece.toUpperCase());
      expect(data.total).toBe(plates.length);
    }
    expect((await search('%')).data).toMatchObject({ list: [], total: 0 });
    expect((await search('_7')).data).toMatchObject({ list: [], total: 0 });
  });

  it('sends the list columns in a page and the whole vehicle in its detail', async () => {
    const created = await createVehicle({ plateNo: '粤BX5Y73', engineNo: 'EN20261122' });
    const { data } = await search('BX5Y73');
    const row = data.list.find((vehicle) => vehicle.id === created.data.id);
    expect(row).toMatchObject({ plateNo: '粤BX5Y73', stage: 0, version: 1, modelName: expect.any(String) });
    expect(row).not.toHaveProperty('engineNo');
    const detail = await ctx.request<Vehicle>({ method: 'GET', url: `/api/vehicles/${created.data.id}`, token: admin });
    expect(detail.data).toMatchObject({ plateNo: '粤BX5Y73', engineNo: 'EN20261122', brandName: '比亚迪' });
  });

  it("names a vehicle's attachments as they were uploaded, and refuses another tenant's files", async () => {
    const upload = async (token: string, name: string) => {
      const body = multipart([{ name, content: samples.pdf }]);
      const response = await ctx.request<UploadResult>({
        method: 'POST',
        url: '/api/gateway/storage/file/private',
        token,
        payload: body.payload,
        headers: body.headers,
      });
      return response.data.fileLocation;
    };
    const own = await upload(admin, '行驶证扫描件.pdf');
    const foreign = await upload(await ctx.loginToOtherTenant(), '上海合同.pdf');
    const refused = await createVehicle({ plateNo: '粤BX5Y74', attachments: [own, foreign] });
    expect(refused).toMatchObject({ code: 1000, msg: '附件不存在或不属于当前分公司，请重新上传' });
    const invented = await createVehicle({ plateNo: '粤BX5Y74', attachments: ['private/2026/11/made-up.pdf'] });
    expect(invented.msg).toBe('附件不存在或不属于当前分公司，请重新上传');
    const created = await createVehicle({ plateNo: '粤BX5Y74', attachments: [own] });
    const detail = await ctx.request<Vehicle>({ method: 'GET', url: `/api/vehicles/${created.data.id}`, token: admin });
    expect(detail.data).toMatchObject({ attachments: [own], fileNames: { [own]: '行驶证扫描件.pdf' } });
    const photo = await act(created.data.id, 'inspect', { mileage: 10, result: 1, checklist, photos: [foreign] });
    expect(photo.msg).toBe('附件不存在或不属于当前分公司，请重新上传');
  });
});

describe('vehicle lifecycle', () => {
  it('walks a vehicle from 待验车 to 已出库, each step in the table, and never to a driver by a bare 交车', async () => {
    const { data: vehicle } = await createVehicle();
    const id = vehicle.id;
    const stageOf = async () =>
      (await ctx.request<Vehicle>({ method: 'GET', url: `/api/vehicles/${id}`, token: admin })).data;

    const failed = await act(id, 'inspect', {
      mileage: 12,
      result: 0,
      checklist: [{ item: '外观', ok: false, note: '前杠划痕' }],
    });
    expect(failed.code).toBe(0);
    expect((await stageOf()).stage).toBe(0);
    expect((await act(id, 'inspect', { mileage: 12, result: 1, checklist })).code).toBe(0);
    expect((await stageOf()).stage).toBe(1);

    expect((await act(id, 'start-preparation')).code).toBe(0);
    expect((await stageOf()).stage).toBe(2);
    expect((await act(id, 'prepare-network', {})).code).toBe(0);
    expect(
      (await act(id, 'prepare-license', { plateNo: '京ad54321', drivingLicenseIssueDate: '2026-11-01' })).code,
    ).toBe(0);
    expect((await act(id, 'prepare-gps', { gpsDeviceNo: 'GT06N12345678' })).code).toBe(0);
    expect((await stageOf()).stage).toBe(2);
    expect((await act(id, 'prepare-gps', { gpsDeviceNo: 'GT06N00000000' })).msg).toBe('GPS已完成');
    const pendingIds = async (item: number) =>
      (
        await ctx.request<{ list: Vehicle[] }>({
          method: 'GET',
          url: `/api/vehicles?stage=2&pendingPreparation=${item}&limit=500`,
          token: admin,
        })
      ).data.list.map((row) => row.id);
    expect(await pendingIds(2)).not.toContain(id);
    expect(await pendingIds(3)).toContain(id);
    const last = await act(id, 'prepare-certificate', {
      operationCertificateNo: '京交运管字110000001号',
      operationCertificateExpiry: '2029-12-31',
    });
    expect(last.code).toBe(0);
    const prepared = await stageOf();
    expect(prepared).toMatchObject({ stage: 3, plateNo: '京AD54321', gpsDeviceNo: 'GT06N12345678' });

    expect((await act(id, 'outbound', { location: '朝阳停车场', mileage: 30 })).code).toBe(0);
    expect((await stageOf()).stage).toBe(4);
    // A car goes to a driver only through a lease order (填写交车信息): the bare 交车 has no way in.
    const bare = await act(id, 'deliver', {
      driverId: (await activeDriver(ctx, admin)).id,
      mileage: 31,
      energyLevel: 90,
      checklist,
    });
    expect(bare.code).not.toBe(0);
    expect(await stageOf()).toMatchObject({ stage: 4, mileage: 30 });

    const history = await ctx.request<{ action: string }[]>({
      method: 'GET',
      url: `/api/vehicles/${id}/history`,
      token: admin,
    });
    expect(history.data.map((entry) => entry.action).reverse()).toEqual([
      'create',
      'inspect',
      'inspect',
      'startPreparation',
      'prepareNetwork',
      'prepareLicense',
      'prepareGps',
      'prepareCertificate',
      'outbound',
    ]);
  });

  it('refuses actions the stage does not allow, saying why, and changes nothing', async () => {
    const { data: vehicle } = await createVehicle();
    const refused = await act(vehicle.id, 'outbound', { location: '朝阳停车场', mileage: 30 });
    expect(refused).toMatchObject({ code: 1000, msg: '车辆当前为「待验车」，不能出库' });
    expect((await act(vehicle.id, 'start-preparation')).msg).toBe('车辆当前为「待验车」，不能整备');
    expect(
      (
        await act(vehicle.id, 'temporary-deliver', {
          driverId: (await activeDriver(ctx, admin)).id,
          mileage: 1,
          energyLevel: 90,
          checklist,
        })
      ).msg,
    ).toBe('车辆当前为「待验车」，不能临时交车');
    expect((await act(vehicle.id, 'prepare-gps', { gpsDeviceNo: 'X1' })).msg).toBe(
      '车辆当前为「待验车」，不能完成GPS安装',
    );
    const after = await ctx.request<Vehicle>({ method: 'GET', url: `/api/vehicles/${vehicle.id}`, token: admin });
    expect(after.data).toMatchObject({ stage: 0, version: 1, gpsDeviceNo: null });
  });

  it('refuses a delivery mileage below the odometer', async () => {
    const { data: vehicle } = await createVehicle({ mileage: 500 });
    await act(vehicle.id, 'inspect', { mileage: 500, result: 1, checklist });
    await act(vehicle.id, 'start-preparation');
    for (const [item, body] of [
      ['network', {}],
      ['license', { plateNo: '京AD54399', drivingLicenseIssueDate: '2026-11-01' }],
      ['gps', { gpsDeviceNo: 'GT06N1' }],
      ['certificate', { operationCertificateNo: 'X', operationCertificateExpiry: '2029-01-01' }],
    ] as const) {
      expect((await act(vehicle.id, `prepare-${item}`, body)).code).toBe(0);
    }
    const response = await act(vehicle.id, 'temporary-deliver', {
      driverId: (await activeDriver(ctx, admin, '李强')).id,
      mileage: 100,
      energyLevel: 80,
      checklist,
    });
    expect(response).toMatchObject({ code: 1000, msg: '交车里程不能小于车辆当前里程500公里' });
  });

  it('offers each stage only its actions', async () => {
    const { data: vehicle } = await createVehicle();
    const actions = await ctx.request<{ action: string; title: string }[]>({
      method: 'GET',
      url: `/api/vehicles/${vehicle.id}/actions`,
      token: admin,
    });
    expect(actions.data).toEqual([{ action: 'inspect', title: '验车', button: 'vehicleInspected:inspect' }]);
  });
});

describe('vehicle permissions and tenants', () => {
  it('lets ops add but not delete or export', async () => {
    const ops = await ctx.login('ops', 'ops123');
    const created = await createVehicle({}, ops);
    expect(created.code).toBe(0);
    expect(await ctx.request({ method: 'DELETE', url: `/api/vehicles/${created.data.id}`, token: ops })).toMatchObject({
      code: 403,
      msg: '无权限',
    });
    expect((await ctx.request({ method: 'DELETE', url: `/api/vehicles/${created.data.id}`, token: admin })).code).toBe(
      0,
    );
    expect((await ctx.request({ method: 'GET', url: `/api/vehicles/${created.data.id}`, token: admin })).code).toBe(
      404,
    );
  });

  it("hides one tenant's vehicle from another by id", async () => {
    const { data: vehicle } = await createVehicle();
    const { data: rows } = await ctx.request<AccountRow[]>({ method: 'GET', url: '/api/user/accounts', token: admin });
    const other = await ctx.login('admin', 'admin123');
    const switched = await ctx.request<{ access_token: string }>({
      method: 'POST',
      url: '/api/user/switch-account',
      token: other,
      payload: { appId: 'cp-console', loginId: 'admin', tenantId: rows.find((row) => !row.currentUser)?.tenantId },
    });
    const shanghai = switched.data.access_token;
    expect((await ctx.request({ method: 'GET', url: `/api/vehicles/${vehicle.id}`, token: shanghai })).code).toBe(404);
    expect((await act(vehicle.id, 'inspect', { mileage: 1, result: 1, checklist }, shanghai)).code).toBe(404);
    const update = await ctx.request({
      method: 'PUT',
      url: `/api/vehicles/${vehicle.id}`,
      token: shanghai,
      payload: { vin: vehicle.vin, energyType: 1, mileage: 12, ...refs, version: 1 },
    });
    expect(update.code).toBe(404);
    const list = await ctx.request<{ list: Vehicle[] }>({
      method: 'GET',
      url: `/api/vehicles?vin=${vehicle.vin}`,
      token: shanghai,
    });
    expect(list.data.list).toEqual([]);
  });
});

describe('vehicle export', () => {
  it('is offered to admin with the list filters and refused to ops', async () => {
    const submitted = await ctx.request<{ id: string; status: number }>({
      method: 'POST',
      url: '/api/exports',
      token: admin,
      payload: { kind: 'vehicleList', filters: { stage: '0,1', plateNo: '京' } },
    });
    expect(submitted.code).toBe(0);
    const ops = await ctx.login('ops', 'ops123');
    const refused = await ctx.request({
      method: 'POST',
      url: '/api/exports',
      token: ops,
      payload: { kind: 'vehicleList', filters: {} },
    });
    expect(refused.code).toBe(403);
    const bad = await ctx.request({
      method: 'POST',
      url: '/api/exports',
      token: admin,
      payload: { kind: 'vehicleList', filters: { stage: 'x' } },
    });
    expect(bad.msg).toContain('车辆阶段');
  });
});
