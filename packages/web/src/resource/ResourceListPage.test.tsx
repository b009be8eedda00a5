import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ResourceListPage } from './ResourceListPage';
import { calls, lastCall, serve } from './testing/fakeServer';
import { fixtureFamily, fixtureRow, fixtureScreens, serveFixtures } from './testing/fixture';
import { renderWithShell } from './testing/render';
import { buttonsOf, rowOf } from './testing/rows';

vi.mock('../request', () => import('./testing/requestMock'));
// antd tables and forms render slowly in happy-dom.
vi.setConfig({ testTimeout: 30_000 });

const waiting = fixtureRow({ id: '1', name: '样例一', stage: 0 });
const reviewed = fixtureRow({ id: '2', name: '样例二', stage: 1 });
const archived = fixtureRow({ id: '3', name: '样例三', stage: 2 });
const everything = [
  'vehicleList:add',
  'vehicleList:edit',
  'vehicleList:delete',
  'vehicleList:import',
  'vehicleList:export',
  'vehicleInspected:inspect',
  'vehicleInspected:export',
  'inspectedVehicle:prepare',
];

const listCalls = (url = '/api/fixtures') => calls.filter((call) => call.method === 'GET' && call.url === url);

function renderList(options: { buttons?: readonly string[]; menus?: readonly string[]; url?: string } = {}) {
  return renderWithShell(<ResourceListPage family={fixtureFamily} screen={fixtureScreens.vehicleList} />, {
    url: '/vehicleList',
    buttons: everything,
    menus: ['vehicleList'],
    ...options,
  });
}

beforeEach(() => serveFixtures([waiting, reviewed, archived]));

describe('ResourceListPage: a screen made from its declarations', () => {
  it("lists the server's rows in the screen's columns, as the fields show them", async () => {
    renderList();
    const row = await rowOf('样例一');
    for (const text of ['乙类', '¥123.45', '北京市', '重点', '待审核'])
      expect(within(row).getByText(text)).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '金额' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: '编码' })).toBeNull();
    expect(lastCall('GET', '/api/fixtures')?.query).toEqual({ page: 1, limit: 20 });
  });

  it('offers each lifecycle action only on rows whose state allows it', async () => {
    renderList();
    expect(buttonsOf(await rowOf('样例一'))).toEqual(['详情', '编辑', '验车', '删除']);
    expect(buttonsOf(await rowOf('样例二'))).toEqual(['详情', '编辑', '整备', '删除']);
    expect(buttonsOf(await rowOf('样例三'))).toEqual(['详情', '编辑', '删除']);
    expect(screen.getByRole('button', { name: '新增' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '导入' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '导出' })).toBeTruthy();
  });

  it('shows only the buttons whose keys the user holds, and 详情 only with the detail page', async () => {
    renderList({ buttons: ['vehicleList:edit', 'vehicleInspected:inspect'], menus: [] });
    expect(buttonsOf(await rowOf('样例一'))).toEqual(['编辑', '验车']);
    expect(buttonsOf(await rowOf('样例二'))).toEqual(['编辑']);
    for (const name of ['新增', '导入', '导出']) expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it("opens a row's detail page", async () => {
    const view = renderList();
    fireEvent.click(within(await rowOf('样例二')).getByRole('button', { name: '详情' }));
    await waitFor(() => expect(view.location()?.pathname).toBe('/vehicleDetail'));
    expect(view.search().get('id')).toBe('2');
  });

  it('deletes a row after confirmation and asks for the list again', async () => {
    serve('DELETE', '/api/fixtures/:id', null);
    renderList();
    fireEvent.click(within(await rowOf('样例一')).getByRole('button', { name: '删除' }));
    const confirm = (await screen.findByText('确定删除样例 样例一 吗？')).closest('.ant-popover') as HTMLElement;
    expect(lastCall('DELETE', '/api/fixtures/1')).toBeUndefined();
    const loads = listCalls().length;
    fireEvent.click(within(confirm).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(lastCall('DELETE', '/api/fixtures/1')).toBeTruthy());
    expect(await screen.findByText('操作成功')).toBeTruthy();
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(loads));
  });

  it('asks the server again on 查询 and 重置 even when the filters did not change', async () => {
    const view = renderList({ url: '/vehicleList?name=%E6%A0%B7' });
    await rowOf('样例一');
    expect(listCalls()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(listCalls()[1]?.query).toEqual({ page: 1, limit: 20, name: '样' });
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(view.search().has('name')).toBe(false));
    await waitFor(() => expect(listCalls().at(-1)?.query).toEqual({ page: 1, limit: 20 }));
    const loads = listCalls().length;
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(listCalls().length).toBe(loads + 1));
  });

  it('opens the form drawer from 新增 and 编辑', async () => {
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: '新增' }));
    expect(await screen.findByText('新增样例')).toBeTruthy();
    fireEvent.click(within(await rowOf('样例二')).getByRole('button', { name: '编辑' }));
    expect(await screen.findByText('编辑样例')).toBeTruthy();
    await waitFor(() => expect(lastCall('GET', '/api/fixtures/2')).toBeTruthy());
  });

  it("exports the screen's list with the filters it shows", async () => {
    serve('POST', '/api/exports', { id: '1' });
    renderList({ url: '/vehicleList?kind=1&page=2' });
    await rowOf('样例一');
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(lastCall('POST', '/api/exports')).toBeTruthy());
    expect(lastCall('POST', '/api/exports')?.body).toEqual({ kind: 'vehicleList', filters: { kind: '1' } });
  });
});

describe('ResourceListPage: another screen of the family', () => {
  it("lists its view with its own filters, columns and route's buttons only", async () => {
    serve('POST', '/api/fixtures/:id/review', null);
    renderWithShell(<ResourceListPage family={fixtureFamily} screen={fixtureScreens.vehicleInspected} />, {
      url: '/vehicleInspected?stage=2',
      buttons: everything,
      menus: ['vehicleList'],
    });
    const row = await rowOf('样例一');
    expect(lastCall('GET', '/api/fixtures/views/vehicleInspected')?.query).toEqual({ page: 1, limit: 20 });
    expect(listCalls()).toEqual([]);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      '名称',
      '样例类别',
      '金额',
      '操作',
    ]);
    expect(screen.getByRole('textbox', { name: '名称' })).toBeTruthy();
    expect(screen.queryByLabelText('样例状态')).toBeNull();
    expect(screen.queryByLabelText('城市')).toBeNull();
    expect(buttonsOf(row)).toEqual(['详情', '验车']);
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
    expect(screen.queryByRole('button', { name: '导入' })).toBeNull();
    expect(screen.getByRole('button', { name: '导出' })).toBeTruthy();
  });
});
