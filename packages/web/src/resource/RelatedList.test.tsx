import { defineResource, defineScreen, fields } from '@cp/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { defineFamily } from './family';
import { RelatedRecords } from './RelatedList';
import { ResourceListPage } from './ResourceListPage';
import { relatedLists } from './related';
import { calls, lastCall, serve } from './testing/fakeServer';
import { fixtureFamily, serveFixtures } from './testing/fixture';
import { renderWithShell } from './testing/render';
import { rowOf } from './testing/rows';

vi.mock('../request', () => import('./testing/requestMock'));
vi.setConfig({ testTimeout: 30_000 });

/** Rows belonging to a fixture row: listed on a screen of their own, with a detail page, filtered by `parentId`. */
const noteResource = defineResource({
  key: 'fixtureNote',
  title: '样例明细',
  page: 'deliveryRecord',
  endpoint: '/api/fixture-notes',
  identity: 'title',
  defaultSort: { field: 'title', order: 'asc' },
  fields: {
    parentId: fields.ref('车辆', 'vehicle', { filter: 'eq', panel: false, list: false, form: false }),
    title: fields.text('标题', { filter: 'like', form: false }),
    amount: fields.money('金额', { form: false }),
  },
});
const noteScreen = defineScreen(noteResource, { route: 'deliveryRecord' });
const noteFamily = defineFamily({
  resource: noteResource,
  screens: { deliveryRecord: noteScreen },
  routes: { detail: 'deliveryDetail' },
});
/** Another list of the same row, on 维保管理: it has none. */
const emptyResource = defineResource({
  key: 'fixtureService',
  title: '样例维保',
  page: 'maintenanceManagement',
  endpoint: '/api/fixture-services',
  defaultSort: { field: 'parentId', order: 'asc' },
  fields: { parentId: fields.ref('车辆', 'vehicle', { filter: 'eq', panel: false, list: false, form: false }) },
});
const emptyFamily = defineFamily({
  resource: emptyResource,
  screens: { maintenanceManagement: defineScreen(emptyResource, { route: 'maintenanceManagement' }) },
});
const parentFamily = defineFamily({
  ...fixtureFamily,
  related: () => [
    { family: noteFamily, screen: 'deliveryRecord', via: 'parentId' },
    { family: emptyFamily, screen: 'maintenanceManagement', via: 'parentId' },
  ],
});

const notes = Array.from({ length: 7 }, (_, index) => ({
  id: String(index + 1),
  parentId: '7',
  title: `明细${index + 1}`,
  amount: 100 * (index + 1),
}));

beforeEach(() => {
  serveFixtures([]);
  serve('GET', '/api/fixture-notes', ({ query }: { query: unknown }) => {
    const { page, limit, parentId } = query as { page: number; limit: number; parentId?: string };
    const own = notes.filter((note) => !parentId || note.parentId === parentId);
    return { list: own.slice((page - 1) * limit, page * limit), total: own.length, totalExact: true, page, limit };
  });
  serve('GET', '/api/fixture-services', { list: [], total: 0, totalExact: true, page: 1, limit: 5 });
  serve('GET', '/api/lookups/vehicles', [{ label: '京A12345（LGXCE4CB8P0123456）', value: '7' }]);
});

const menus = ['vehicleList', 'deliveryRecord', 'maintenanceManagement'];
const tab = (name: RegExp) => screen.findByRole('tab', { name });

describe('RelatedRecords: the related lists of a detail page', () => {
  it("titles each list with its count and shows a page of its screen's rows, filtered by the parent", async () => {
    renderWithShell(<RelatedRecords family={parentFamily} parent={{ id: '7' }} />, { menus });
    expect(await tab(/^样例明细（7）$/)).toBeTruthy();
    expect(await tab(/^样例维保（0）$/)).toBeTruthy();
    const row = await rowOf('明细1');
    expect(within(row).getByText('¥1.00')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '标题' })).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(1 + 5);
    expect(lastCall('GET', '/api/fixture-notes')?.query).toEqual({ parentId: '7', page: 1, limit: 5 });
    expect(within(row).getByRole('link', { name: '详情' }).getAttribute('href')).toBe('/deliveryDetail?id=1');
    expect(screen.getByRole('link', { name: '查看全部' }).getAttribute('href')).toBe('/deliveryRecord?parentId=7');
  });

  it("lists the rows of the parent's field `from` (an overdue account's order), not of the parent's own id", async () => {
    const accountFamily = defineFamily({
      ...fixtureFamily,
      related: () => [
        { family: noteFamily, screen: 'deliveryRecord', via: 'parentId', from: 'count', title: '订单明细' },
      ],
    });
    renderWithShell(<RelatedRecords family={accountFamily} parent={{ id: '427', count: 7 }} />, { menus });
    expect(await tab(/^订单明细（7）$/)).toBeTruthy();
    expect(lastCall('GET', '/api/fixture-notes')?.query).toEqual({ parentId: '7', page: 1, limit: 5 });
    expect(screen.getByRole('link', { name: '查看全部' }).getAttribute('href')).toBe('/deliveryRecord?parentId=7');
  });

  it('leaves out a list whose parent field `from` is empty', async () => {
    const accountFamily = defineFamily({
      ...fixtureFamily,
      related: () => [
        { family: noteFamily, screen: 'deliveryRecord', via: 'parentId', from: 'count', title: '订单明细' },
        { family: emptyFamily, screen: 'maintenanceManagement', via: 'parentId' },
      ],
    });
    renderWithShell(<RelatedRecords family={accountFamily} parent={{ id: '7', count: null }} />, { menus });
    expect(await tab(/^样例维保（0）$/)).toBeTruthy();
    expect(screen.queryByRole('tab', { name: /订单明细/ })).toBeNull();
  });

  it('pages on the server and says so when a list is empty', async () => {
    renderWithShell(<RelatedRecords family={parentFamily} parent={{ id: '7' }} />, { menus });
    await rowOf('明细1');
    fireEvent.click(screen.getByTitle('2'));
    expect(await rowOf('明细6')).toBeTruthy();
    expect(lastCall('GET', '/api/fixture-notes')?.query).toEqual({ parentId: '7', page: 2, limit: 5 });
    fireEvent.click(await tab(/^样例维保/));
    expect(await screen.findByText('暂无样例维保')).toBeTruthy();
  });

  it('shows only the lists whose screen the user may open, and nothing when none', async () => {
    const view = renderWithShell(<RelatedRecords family={parentFamily} parent={{ id: '7' }} />, {
      menus: ['vehicleList', 'maintenanceManagement'],
    });
    expect(await tab(/^样例维保（0）$/)).toBeTruthy();
    expect(screen.queryByRole('tab', { name: /样例明细/ })).toBeNull();
    expect(calls.some((call) => call.url === '/api/fixture-notes')).toBe(false);
    view.unmount();
    renderWithShell(<RelatedRecords family={parentFamily} parent={{ id: '7' }} />, { menus: ['vehicleList'] });
    expect(screen.queryByText('相关记录')).toBeNull();
  });

  it('refuses a related list its screen cannot land on', () => {
    const bad = defineFamily({
      ...fixtureFamily,
      related: () => [{ family: noteFamily, screen: 'deliveryRecord', via: 'amount' }],
    });
    expect(() => relatedLists(bad)).toThrow(/amount is not an eq filter/);
  });
});

describe('查看全部: the screen filtered by the parent', () => {
  const renderScreen = () =>
    renderWithShell(<ResourceListPage family={noteFamily} screen={noteScreen} />, {
      url: '/deliveryRecord?parentId=7',
      menus,
    });

  it("lists just the parent's rows, names the parent in a tag, and offers no such field in the panel", async () => {
    renderScreen();
    expect(await rowOf('明细7')).toBeTruthy();
    expect(lastCall('GET', '/api/fixture-notes')?.query).toMatchObject({ parentId: '7' });
    expect(await screen.findByText('京A12345（LGXCE4CB8P0123456）', { exact: false })).toBeTruthy();
    expect(screen.getByLabelText('标题')).toBeTruthy();
    expect(screen.queryByLabelText('车辆')).toBeNull();
  });

  it('keeps the parent on 查询 and lets it go when its tag is closed', async () => {
    const view = renderScreen();
    await rowOf('明细7');
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '明细' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(view.search().get('title')).toBe('明细'));
    expect(view.search().get('parentId')).toBe('7');
    fireEvent.click(await screen.findByRole('button', { name: '取消车辆筛选' }));
    await waitFor(() => expect(view.search().get('parentId')).toBeNull());
    expect(view.search().get('title')).toBe('明细');
  });
});
