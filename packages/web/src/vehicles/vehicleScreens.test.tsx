import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, lastCall, refuse, serve } from '../resource/testing/fakeServer';
import { renderWithShell } from '../resource/testing/render';
import { actionsOf, buttonsOf, rowAction, rowOf } from '../resource/testing/rows';
import { page } from './families';
import { allButtons, serveVehicles, vehicle, vehicleMenus } from './testing';

vi.mock('../request', () => import('../resource/testing/requestMock'));
vi.setConfig({ testTimeout: 40_000 });

const shell = { buttons: allButtons, menus: vehicleMenus };
const viewQuery = (route: string) => lastCall('GET', `/api/vehicles/views/${route}`)?.query;
const ok = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));

function open(routeKey: string, options: { buttons?: readonly string[]; menus?: readonly string[] } = {}) {
  const Page: ComponentType = page(routeKey);
  return renderWithShell(<Page />, { url: `/${routeKey}`, ...shell, ...options });
}

describe('车辆列表', () => {
  const pending = vehicle({ id: '7', plateNo: '京AD12345', stage: 0 });
  const leased = vehicle({ id: '8', plateNo: '京B12345', vin: '11111111111111111', stage: 5, rentStatus: 0 });
  beforeEach(() => serveVehicles([pending, leased]));

  it('offers 验车 and 删除 for a vehicle waiting for inspection, neither for one on lease', async () => {
    open('vehicleList');
    expect(await actionsOf(await rowOf('京AD12345'))).toEqual(['详情', '编辑', '验车', '删除']);
    expect(buttonsOf(await rowOf('京B12345'))).toEqual(['详情', '编辑']);
    for (const name of ['新增', '导入', '导出']) expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(lastCall('GET', '/api/vehicles')?.query).toEqual({ page: 1, limit: 20 });
  });

  it('shows no button the user does not hold', async () => {
    open('vehicleList', { buttons: [], menus: ['vehicleList'] });
    expect(buttonsOf(await rowOf('京AD12345'))).toEqual(['详情']);
    for (const name of ['新增', '导入', '导出']) expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('opens the detail page of a row', async () => {
    const view = open('vehicleList');
    fireEvent.click(within(await rowOf('京AD12345')).getByRole('button', { name: '详情' }));
    await waitFor(() => expect(view.location()?.pathname).toBe('/vehicleDetail'));
    expect(view.search().get('id')).toBe('7');
  });

  it('deletes a vehicle after confirmation', async () => {
    serve('DELETE', '/api/vehicles/:id', null);
    open('vehicleList');
    fireEvent.click(await rowAction(await rowOf('京AD12345'), '删除'));
    const confirm = (await screen.findByText('确定删除车辆 京AD12345 吗？')).closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(lastCall('DELETE', '/api/vehicles/7')).toBeTruthy());
    expect(await screen.findByText('操作成功')).toBeTruthy();
  });

  it('edits with the version it loaded, and says so when someone saved first', async () => {
    serve('PUT', '/api/vehicles/:id', () => refuse(409, '数据已被他人修改，请刷新后重试'));
    open('vehicleList');
    fireEvent.click(within(await rowOf('京AD12345')).getByRole('button', { name: '编辑' }));
    const drawer = (await screen.findByText('编辑车辆')).closest('.ant-drawer') as HTMLElement;
    await waitFor(() => expect((within(drawer).getByLabelText('车架号') as HTMLInputElement).value).toBe(pending.vin));
    fireEvent.click(within(drawer).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(lastCall('PUT', '/api/vehicles/7')).toBeTruthy());
    expect(lastCall('PUT', '/api/vehicles/7')?.body).toMatchObject({ version: 3, vin: pending.vin, modelId: '3' });
    expect(await within(drawer).findByText('数据已被他人修改，请刷新后重试')).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: '重新加载' })).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});

describe('stage screens', () => {
  beforeEach(() => serveVehicles([vehicle({ id: '7', plateNo: '京AD12345', stage: 0, mileage: 1200 })]));

  it('待验车辆 lists its view and offers only 验车, without the vehicle list buttons', async () => {
    open('vehicleInspected');
    const row = await rowOf('京AD12345');
    expect(viewQuery('vehicleInspected')).toEqual({ page: 1, limit: 20 });
    expect(buttonsOf(row)).toEqual(['详情', '验车']);
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: '车辆阶段' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: '验车' }));
    expect(await screen.findByText('验车 京AD12345')).toBeTruthy();
  });

  it('验车 starts from the mileage, 合格 and the five default checks, and sends them', async () => {
    serve('POST', '/api/vehicles/:id/inspect', { inspectionId: '1' });
    open('vehicleInspected');
    fireEvent.click(within(await rowOf('京AD12345')).getByRole('button', { name: '验车' }));
    const dialog = await screen.findByRole('dialog');
    const items = within(dialog)
      .getAllByRole('textbox', { name: '检查项' })
      .map((input) => (input as HTMLInputElement).value);
    expect(items).toEqual(['外观', '内饰', '轮胎', '灯光', '随车工具']);
    expect((within(dialog).getByRole('radio', { name: '合格' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: '不合格' }));
    fireEvent.change(within(dialog).getAllByRole('textbox', { name: '说明' })[2] as HTMLElement, {
      target: { value: '左前胎磨损' },
    });
    ok(dialog);
    await waitFor(() => expect(lastCall('POST', '/api/vehicles/7/inspect')).toBeTruthy());
    const body = lastCall('POST', '/api/vehicles/7/inspect')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ mileage: 1200, result: 0, photos: [] });
    expect((body.checklist as unknown[])[2]).toEqual({ item: '轮胎', ok: true, note: '左前胎磨损' });
    expect(await screen.findByText('验车 京AD12345：操作成功')).toBeTruthy();
  });

  it("验车 refuses a missing mileage, an empty check and an empty checklist in the schema's words", async () => {
    serveVehicles([vehicle({ id: '7', plateNo: '京AD12345', stage: 0, mileage: null })]);
    open('vehicleInspected');
    fireEvent.click(within(await rowOf('京AD12345')).getByRole('button', { name: '验车' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getAllByRole('textbox', { name: '检查项' })[0] as HTMLElement, {
      target: { value: ' ' },
    });
    ok(dialog);
    expect(await within(dialog).findByText('请输入里程（公里）')).toBeTruthy();
    expect(await within(dialog).findByText('请输入检查项')).toBeTruthy();
    for (let left = 5; left > 0; left--) {
      fireEvent.click(within(dialog).getAllByRole('button', { name: '删除' })[0] as HTMLElement);
    }
    ok(dialog);
    expect(await within(dialog).findByText('检查清单：至少填写一项')).toBeTruthy();
    expect(lastCall('POST', '/api/vehicles/7/inspect')).toBeUndefined();
  });

  it('已验车辆 starts 整备 after a confirmation', async () => {
    serveVehicles([vehicle({ id: '9', plateNo: '京C12345', stage: 1 })]);
    serve('POST', '/api/vehicles/:id/start-preparation', null);
    open('inspectedVehicle');
    fireEvent.click(within(await rowOf('京C12345')).getByRole('button', { name: '整备' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定整备 京C12345吗？')).toBeTruthy();
    expect(within(dialog).getByText(/需完成入网维护、行驶证、GPS、运输证四项/)).toBeTruthy();
    expect(lastCall('POST', '/api/vehicles/9/start-preparation')).toBeUndefined();
    ok(dialog);
    await waitFor(() => expect(lastCall('POST', '/api/vehicles/9/start-preparation')).toBeTruthy());
    expect(await screen.findByText('整备 京C12345：操作成功')).toBeTruthy();
  });

  it('待出库 offers 出库 or 交车 by stage', async () => {
    serveVehicles([
      vehicle({ id: '1', plateNo: '京D12345', stage: 3 }),
      vehicle({ id: '2', plateNo: '京E12345', stage: 4 }),
    ]);
    open('waitingOut');
    expect(buttonsOf(await rowOf('京D12345'))).toEqual(['详情', '出库']);
    expect(buttonsOf(await rowOf('京E12345'))).toEqual(['详情', '交车']);
    expect(viewQuery('waitingOut')).toEqual({ page: 1, limit: 20 });
  });

  it('待出库 keeps vehicles to take out and those waiting for 交车 in two tabs, each counted', async () => {
    serveVehicles([vehicle({ id: '2', plateNo: '京E12345', stage: 4 })]);
    serve('GET', '/api/vehicles/views/waitingOut/tab-counts', [
      { key: 'outbound', total: 4, totalExact: true },
      { key: 'delivery', total: 1, totalExact: true },
    ]);
    const view = open('waitingOut');
    await rowOf('京E12345');
    await waitFor(() =>
      expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['待出库4', '待交车1']),
    );
    fireEvent.click(screen.getByRole('tab', { name: /待交车/ }));
    await waitFor(() => expect(view.search().get('tab')).toBe('delivery'));
    await waitFor(() => expect(viewQuery('waitingOut')).toEqual({ page: 1, limit: 20, tab: 'delivery' }));
    expect(buttonsOf(await rowOf('京E12345'))).toEqual(['详情', '交车']);
  });

  it('出库 needs a place and sends the outbound from the mileage the vehicle has', async () => {
    serveVehicles([vehicle({ id: '1', plateNo: '京D12345', stage: 3, mileage: 900 })]);
    serve('POST', '/api/vehicles/:id/outbound', { outboundId: '1' });
    open('waitingOut');
    fireEvent.click(within(await rowOf('京D12345')).getByRole('button', { name: '出库' }));
    const dialog = await screen.findByRole('dialog');
    ok(dialog);
    expect(await within(dialog).findByText('请输入出库地点')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: '出库地点' }), { target: { value: '北京亦庄库' } });
    ok(dialog);
    await waitFor(() => expect(lastCall('POST', '/api/vehicles/1/outbound')).toBeTruthy());
    expect(lastCall('POST', '/api/vehicles/1/outbound')?.body).toEqual({ location: '北京亦庄库', mileage: 900 });
  });

  it("交车 leads to the orders in force of the car's city: a car goes to a driver only by 填写交车信息 of its order", async () => {
    serveVehicles([vehicle({ id: '2', plateNo: '京E12345', stage: 4, mileage: 1500, cityId: '110100' })]);
    const view = open('waitingOut', { menus: ['waitingOut', 'leaseOrder'] });
    fireEvent.click(within(await rowOf('京E12345')).getByRole('button', { name: '交车' }));
    await waitFor(() => expect(view.location()?.pathname).toBe('/leaseOrder'));
    expect(Object.fromEntries(view.search())).toEqual({ tab: '3', cityId: '110100' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(lastCall('POST', '/api/vehicles/2/deliver')).toBeUndefined();
  });
});

describe('preparation screens', () => {
  const preparing = vehicle({
    id: '7',
    plateNo: '京AD12345',
    stage: 2,
    gpsDeviceNo: 'GPS-0001',
    drivingLicenseIssueDate: '2025-01-02',
    operationCertificateNo: 'YS-01',
    operationCertificateExpiry: '2027-06-30',
  });
  beforeEach(() => serveVehicles([preparing]));

  /** Opens the screen's row action, which names its item on the button and the dialog alike. */
  const complete = async (routeKey: string, title: string) => {
    open(routeKey);
    const row = await rowOf('京AD12345');
    expect(buttonsOf(row)).toEqual(['详情', title]);
    fireEvent.click(within(row).getByRole('button', { name: title }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(`${title} 京AD12345`)).toBeTruthy();
    return dialog;
  };

  it("GPS管理 lists its view with the GPS columns, and 完成GPS安装 starts from the vehicle's device number", async () => {
    serve('POST', '/api/vehicles/:id/prepare-gps', { allDone: false });
    const dialog = await complete('gpsList', '完成GPS安装');
    expect(viewQuery('gpsList')).toEqual({ page: 1, limit: 20 });
    expect(screen.getByRole('columnheader', { name: 'GPS设备号' })).toBeTruthy();
    const device = within(dialog).getByRole('textbox', { name: 'GPS设备号' }) as HTMLInputElement;
    expect(device.value).toBe('GPS-0001');
    fireEvent.change(device, { target: { value: '' } });
    ok(dialog);
    expect(await within(dialog).findByText('请输入GPS设备号')).toBeTruthy();
    fireEvent.change(device, { target: { value: 'GPS-0091' } });
    ok(dialog);
    await waitFor(() => expect(lastCall('POST', '/api/vehicles/7/prepare-gps')).toBeTruthy());
    expect(lastCall('POST', '/api/vehicles/7/prepare-gps')?.body).toEqual({ gpsDeviceNo: 'GPS-0091', attachments: [] });
  });

  it('行驶证管理 starts from the plate and issue date, and checks and upper-cases the plate', async () => {
    serve('POST', '/api/vehicles/:id/prepare-license', { allDone: false });
    const dialog = await complete('drivingLicense', '完成行驶证办理');
    expect((within(dialog).getByLabelText('行驶证发证日期') as HTMLInputElement).value).toBe('2025-01-02');
    const plate = within(dialog).getByRole('textbox', { name: '车牌号' }) as HTMLInputElement;
    expect(plate.value).toBe('京AD12345');
    fireEvent.change(plate, { target: { value: '京A1234' } });
    expect(await within(dialog).findByText('车牌号：应为7位，如“京A12345”；新能源8位，如“京AD12345”')).toBeTruthy();
    fireEvent.change(plate, { target: { value: '京ad54321' } });
    ok(dialog);
    await waitFor(() => expect(lastCall('POST', '/api/vehicles/7/prepare-license')).toBeTruthy());
    expect(lastCall('POST', '/api/vehicles/7/prepare-license')?.body).toEqual({
      plateNo: '京AD54321',
      drivingLicenseIssueDate: '2025-01-02',
      attachments: [],
    });
    expect(await screen.findByText('完成行驶证办理 京AD12345：操作成功')).toBeTruthy();
  });

  it('运输证管理 starts from the certificate the vehicle has', async () => {
    serve('POST', '/api/vehicles/:id/prepare-certificate', { allDone: true });
    const dialog = await complete('operationCertificate', '完成运输证办理');
    expect((within(dialog).getByRole('textbox', { name: '运输证号' }) as HTMLInputElement).value).toBe('YS-01');
    expect((within(dialog).getByLabelText('运输证有效期至') as HTMLInputElement).value).toBe('2027-06-30');
    ok(dialog);
    await waitFor(() => expect(lastCall('POST', '/api/vehicles/7/prepare-certificate')).toBeTruthy());
    expect(lastCall('POST', '/api/vehicles/7/prepare-certificate')?.body).toEqual({
      operationCertificateNo: 'YS-01',
      operationCertificateExpiry: '2027-06-30',
      attachments: [],
    });
  });

  it('入网维护 asks only for a note and attachments', async () => {
    serve('POST', '/api/vehicles/:id/prepare-network', { allDone: false });
    const dialog = await complete('networkMaintenance', '完成入网');
    expect(within(dialog).getAllByRole('textbox')).toHaveLength(1);
    expect(within(dialog).getByRole('textbox', { name: '备注' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '上传文件' })).toBeTruthy();
    ok(dialog);
    await waitFor(() => expect(lastCall('POST', '/api/vehicles/7/prepare-network')).toBeTruthy());
  });

  it('offers no 完成GPS安装 without the button', async () => {
    open('gpsList', { buttons: ['drivingLicense:edit'], menus: ['gpsList'] });
    expect(buttonsOf(await rowOf('京AD12345'))).toEqual([]);
  });
});

describe('车辆详情', () => {
  it('shows plate, VIN and stage, the allowed actions, the sections, attachments and history', async () => {
    serveVehicles([vehicle({ id: '7', stage: 0 })]);
    serve('GET', '/api/vehicles/:id/history', [
      {
        id: '1',
        action: 'create',
        userName: '张三',
        at: '2025-01-01T02:00:00.000Z',
        changes: { vin: { from: null, to: '1M8GDM9AXKP042788' } },
      },
    ]);
    const Detail = page('vehicleDetail');
    renderWithShell(<Detail />, { url: '/vehicleDetail?id=7', ...shell });
    expect(await screen.findByRole('heading', { name: '京AD12345' })).toBeTruthy();
    expect(screen.getByText('1M8GDM9AXKP042788', { selector: '.ant-typography' })).toBeTruthy();
    // The stage beside the plate, and again under 车辆状态.
    const title = screen.getByRole('heading', { name: '京AD12345' }).closest('.ant-card-head') as HTMLElement;
    expect(within(title).getByText('待验车', { selector: '.ant-tag' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '验车' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '交车' })).toBeNull();
    for (const title of ['基本信息', '证照信息', '保险信息', '其他', '附件', '变更记录']) {
      expect(screen.getByText(title)).toBeTruthy();
    }
    const insurance = screen.getByText('保险信息').closest('.ant-descriptions') as HTMLElement;
    expect(within(insurance).getByText('人保')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /purchase\.pdf/ })).toHaveLength(1);
    expect(await screen.findByText('车架号：1M8GDM9AXKP042788')).toBeTruthy();
    expect(screen.getByText('新增')).toBeTruthy();
  });

  it('offers nothing to do for a vehicle on lease', async () => {
    serveVehicles([vehicle({ id: '8', stage: 5 })]);
    const Detail = page('vehicleDetail');
    renderWithShell(<Detail />, { url: '/vehicleDetail?id=8', ...shell });
    const heading = await screen.findByRole('heading', { name: /^\S+$/ });
    const title = heading.closest('.ant-card-head') as HTMLElement;
    expect(within(title).getByText('租赁中', { selector: '.ant-tag' })).toBeTruthy();
    for (const name of ['验车', '整备', '出库', '交车']) expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('says so when the id names no vehicle', async () => {
    serveVehicles([]);
    const Detail = page('vehicleDetail');
    renderWithShell(<Detail />, { url: '/vehicleDetail?id=abc', ...shell });
    expect(await screen.findByText('车辆不存在或已删除')).toBeTruthy();
  });
});
