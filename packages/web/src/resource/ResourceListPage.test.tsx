import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ResourceListPage } from './ResourceListPage';
import { calls, lastCall, refuse, serve } from './testing/fakeServer';
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

/** The columns' titles, without the checkboxes of the screen's bulk actions. */
const headers = () =>
  screen
    .getAllByRole('columnheader')
    .filter((header) => !header.classList.contains('ant-table-selection-column'))
    .map((header) => header.textContent);
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

  it('offers each lifecycle action, 编辑 and 删除 only on rows whose state allows it', async () => {
    renderList();
    expect(buttonsOf(await rowOf('样例一'))).toEqual(['详情', '编辑', '验车', '删除']);
    expect(buttonsOf(await rowOf('样例二'))).toEqual(['详情', '编辑', '整备', '删除']);
    expect(buttonsOf(await rowOf('样例三'))).toEqual(['详情']);
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

  it("shows a row's detail in a drawer over the list when the family has no detail page", async () => {
    const view = renderWithShell(
      <ResourceListPage family={{ ...fixtureFamily, routes: {} }} screen={fixtureScreens.vehicleList} />,
      { url: '/vehicleList', buttons: everything, menus: ['vehicleList'] },
    );
    expect(buttonsOf(await rowOf('样例二'))).toEqual(['详情', '编辑', '整备', '删除']);
    fireEvent.click(within(await rowOf('样例二')).getByRole('button', { name: '详情' }));
    const drawer = (await screen.findByText('样例详情')).closest('.ant-drawer') as HTMLElement;
    expect(await within(drawer).findByText('基本信息')).toBeTruthy();
    expect(within(drawer).getByText('S001')).toBeTruthy();
    expect(within(drawer).getByText('变更记录')).toBeTruthy();
    expect(lastCall('GET', '/api/fixtures/2')).toBeTruthy();
    expect(view.location()?.pathname).toBe('/vehicleList');
  });

  it('opens the drawer of the row a link names (`?detail=`), and forgets it on closing', async () => {
    const view = renderWithShell(
      <ResourceListPage family={{ ...fixtureFamily, routes: {} }} screen={fixtureScreens.vehicleList} />,
      { url: '/vehicleList?detail=2', buttons: everything, menus: ['vehicleList'] },
    );
    const drawer = (await screen.findByText('样例详情')).closest('.ant-drawer') as HTMLElement;
    expect(await within(drawer).findByText('S001')).toBeTruthy();
    fireEvent.click(drawer.querySelector('.ant-drawer-close') as HTMLElement);
    await waitFor(() => expect(view.location()?.search).toBe(''));
    expect(lastCall('GET', '/api/fixtures/2')).toBeTruthy();
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

  it('offers 删除 only in the states its lifecycle lets rows be deleted in', async () => {
    renderList();
    expect(buttonsOf(await rowOf('样例二'))).toContain('删除');
    expect(buttonsOf(await rowOf('样例三'))).not.toContain('删除');
  });

  it('closes the confirmation of a refused deletion and keeps the row, leaving no error unhandled', async () => {
    serve('DELETE', '/api/fixtures/:id', () => refuse(1000, '样例当前为「已审核」，不能删除'));
    renderList();
    fireEvent.click(within(await rowOf('样例二')).getByRole('button', { name: '删除' }));
    const confirm = (await screen.findByText('确定删除样例 样例二 吗？')).closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(lastCall('DELETE', '/api/fixtures/2')).toBeTruthy());
    await waitFor(() => expect(confirm.className).toMatch(/hidden|leave/));
    expect(screen.queryByText('操作成功')).toBeNull();
    expect(await rowOf('样例二')).toBeTruthy();
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
    expect(headers()).toEqual(['名称', '样例类别', '金额', '操作']);
    expect(screen.getByRole('textbox', { name: '名称' })).toBeTruthy();
    expect(screen.queryByLabelText('样例状态')).toBeNull();
    expect(screen.queryByLabelText('城市')).toBeNull();
    expect(buttonsOf(row)).toEqual(['详情', '验车']);
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
    expect(screen.queryByRole('button', { name: '导入' })).toBeNull();
    expect(screen.getByRole('button', { name: '导出' })).toBeTruthy();
  });
});

describe('ResourceListPage: columns', () => {
  it('shows the identity first and pinned, the key columns next, and 操作 pinned last', async () => {
    renderList();
    await rowOf('样例一');
    expect(headers().slice(0, 2)).toEqual(['名称', '样例状态']);
    expect(headers().at(-1)).toBe('操作');
    const pinned = (column: string) => document.querySelector(`th[data-column="${column}"]`)?.className ?? '';
    expect(pinned('name')).toMatch(/fix-(left|start)/);
    expect(pinned('actions')).toMatch(/fix-(right|end)/);
    expect(pinned('amount')).not.toMatch(/fix-/);
  });

  it('shows a long value cut short whole in a tooltip', async () => {
    serveFixtures([fixtureRow({ labels: ['重点', '长期合作', '新能源', '机场专线'] })]);
    renderList();
    const cell = within(await rowOf('样例一')).getByText('机场专线');
    fireEvent.mouseEnter(cell.closest('span') as HTMLElement);
    expect(await screen.findByRole('tooltip', { name: '重点、长期合作、新能源、机场专线' })).toBeTruthy();
  });

  it('hides a column from 列设置, and it stays hidden after a reload', async () => {
    const first = renderList();
    await rowOf('样例一');
    expect(headers()).toContain('金额');
    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    expect((await screen.findByRole('checkbox', { name: '名称' })).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: '金额' }));
    await waitFor(() => expect(headers()).not.toContain('金额'));
    await waitFor(() => expect(lastCall('PUT', '/api/preferences/list-columns/vehicleList')).toBeTruthy());
    expect(lastCall('PUT', '/api/preferences/list-columns/vehicleList')?.body).toMatchObject({ hidden: ['amount'] });
    first.unmount();

    renderList();
    await rowOf('样例一');
    expect(headers()).not.toContain('金额');
    expect(headers()).toContain('数量');
  });

  it("moves a column in 列设置 and goes back to the screen's order on 恢复默认", async () => {
    renderList();
    await rowOf('样例一');
    expect(headers().slice(0, 4)).toEqual(['名称', '样例状态', '数量', '金额']);
    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    fireEvent.click(await screen.findByRole('button', { name: '下移数量' }));
    await waitFor(() => expect(headers().slice(0, 4)).toEqual(['名称', '样例状态', '金额', '数量']));
    expect(screen.queryByRole('button', { name: '上移名称' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '恢复默认' }));
    await waitFor(() => expect(headers().slice(0, 4)).toEqual(['名称', '样例状态', '数量', '金额']));
    expect(lastCall('DELETE', '/api/preferences/list-columns/vehicleList')).toBeTruthy();
  });
});

describe('ResourceListPage: status tabs', () => {
  const countCalls = () => calls.filter((call) => call.url === '/api/fixtures/views/inspectedVehicle/tab-counts');

  it('shows each tab with its count, lists the tab chosen and keeps it in the URL', async () => {
    const view = renderWithShell(<ResourceListPage family={fixtureFamily} screen={fixtureScreens.inspectedVehicle} />, {
      url: '/inspectedVehicle?name=%E6%A0%B7',
      buttons: everything,
      menus: ['vehicleList'],
    });
    await rowOf('样例一');
    await waitFor(() =>
      expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
        '全部3',
        '待审核1',
        '已审核或归档10000+',
      ]),
    );
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('全部3');
    expect(countCalls().map((call) => call.query)).toEqual([{ name: '样' }]);
    fireEvent.click(screen.getByRole('tab', { name: /已审核或归档/ }));
    await waitFor(() => expect(view.search().get('tab')).toBe('done'));
    await waitFor(() =>
      expect(lastCall('GET', '/api/fixtures/views/inspectedVehicle')?.query).toEqual({
        page: 1,
        limit: 20,
        name: '样',
        tab: 'done',
      }),
    );
    expect(countCalls()).toHaveLength(1);
    fireEvent.click(screen.getByRole('tab', { name: /全部/ }));
    await waitFor(() => expect(view.search().has('tab')).toBe(false));
  });
});
