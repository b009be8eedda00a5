import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ResourceListPage } from './ResourceListPage';
import { calls, lastCall, serve } from './testing/fakeServer';
import { fixtureFamily, fixtureRow, fixtureScreens, serveFixtures } from './testing/fixture';
import { renderWithShell } from './testing/render';

vi.mock('../request', () => import('./testing/requestMock'));
vi.setConfig({ testTimeout: 30_000 });

const waiting = fixtureRow({ id: '1', name: '样例一', stage: 0 });
const reviewed = fixtureRow({ id: '2', name: '样例二', stage: 1 });
const reviewedToo = fixtureRow({ id: '4', name: '样例四', stage: 1 });
const archived = fixtureRow({ id: '3', name: '样例三', stage: 2 });
const buttons = ['vehicleList:edit', 'vehicleInspected:inspect', 'inspectedVehicle:prepare'];

function renderList(held: readonly string[] = buttons) {
  return renderWithShell(<ResourceListPage family={fixtureFamily} screen={fixtureScreens.vehicleList} />, {
    url: '/vehicleList',
    buttons: held,
    menus: ['vehicleList'],
  });
}
const checkbox = async (name: string) =>
  (await screen.findByRole('checkbox', { name: `选择 ${name}` })) as HTMLInputElement;
const bar = () => screen.queryByRole('toolbar', { name: '批量操作' });
const dialogTitled = async (title: string) => (await screen.findByText(title)).closest('.ant-modal') as HTMLElement;
const posts = () => calls.filter((call) => call.method === 'POST');

beforeEach(() => serveFixtures([waiting, reviewed, archived, reviewedToo]));

describe('bulk actions on selected rows', () => {
  it('offers checkboxes only on rows some bulk action may start from, and no bar before a row is picked', async () => {
    renderList();
    expect((await checkbox('样例一')).disabled).toBe(false);
    expect((await checkbox('样例二')).disabled).toBe(false);
    expect((await checkbox('样例三')).disabled).toBe(true);
    expect(bar()).toBeNull();
  });

  it('has no checkboxes for a user holding none of the bulk actions’ buttons', async () => {
    renderList(['vehicleList:edit']);
    await screen.findByText('样例一');
    expect(screen.queryByRole('checkbox', { name: '选择 样例一' })).toBeNull();
  });

  it('says how many rows are selected and, per action, how many of them its state allows', async () => {
    renderList();
    fireEvent.click(await checkbox('样例一'));
    fireEvent.click(await checkbox('样例二'));
    const toolbar = await waitFor(() => bar() as HTMLElement);
    expect(within(toolbar).getByText('已选 2 项')).toBeTruthy();
    expect(within(toolbar).getByRole('button', { name: '批量验车（1）' })).toBeTruthy();
    expect(within(toolbar).getByRole('button', { name: '批量整备（1）' })).toBeTruthy();
    fireEvent.click(within(toolbar).getByRole('button', { name: '取消选择' }));
    await waitFor(() => expect(bar()).toBeNull());
  });

  it('clears the selection when the page or the filters change', async () => {
    const rows = [waiting, reviewed, archived, reviewedToo];
    serve('GET', '/api/fixtures', ({ query }: { query: unknown }) => ({
      list: rows,
      total: 45,
      totalExact: true,
      ...(query as object),
    }));
    const view = renderWithShell(<ResourceListPage family={fixtureFamily} screen={fixtureScreens.vehicleList} />, {
      url: '/vehicleList?name=%E6%A0%B7',
      buttons,
      menus: ['vehicleList'],
    });
    fireEvent.click(await checkbox('样例一'));
    await waitFor(() => expect(bar()).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(view.search().has('name')).toBe(false));
    await waitFor(() => expect(bar()).toBeNull());
    fireEvent.click(await checkbox('样例二'));
    await waitFor(() => expect(bar()).toBeTruthy());
    // The pager takes a click once the list's reload after 重置 is in (a busy machine can still be loading).
    const next = screen.getByRole('button', { name: '下一页' }) as HTMLButtonElement;
    await waitFor(() => expect(next.disabled).toBe(false));
    fireEvent.click(next);
    await waitFor(() => expect(view.search().get('page')).toBe('2'));
    await waitFor(() => expect(bar()).toBeNull());
    expect((await checkbox('样例二')).checked).toBe(false);
  });

  it('confirms once for the rows whose state allows it, sends their ids and shows what was done and refused', async () => {
    serve('POST', '/api/fixtures/bulk/archive', () => ({
      done: 1,
      doneIds: ['2'],
      refused: [{ id: '4', name: '样例四', message: '样例四：样例当前为「已归档」，不能整备' }],
    }));
    renderList();
    for (const name of ['样例一', '样例二', '样例四']) fireEvent.click(await checkbox(name));
    fireEvent.click(await screen.findByRole('button', { name: '批量整备（2）' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定对选中的 2 项样例执行「整备」？归档后不能再修改。')).toBeTruthy();
    expect(within(dialog).getByText('另有 1 项当前状态不能整备，不会处理')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(lastCall('POST', '/api/fixtures/bulk/archive')).toBeTruthy());
    expect(lastCall('POST', '/api/fixtures/bulk/archive')?.body).toEqual({ ids: ['2', '4'] });
    const result = await dialogTitled('批量整备结果');
    expect(within(result).getByText('已整备 1 项，1 项未执行')).toBeTruthy();
    expect(within(result).getByText('样例四：样例当前为「已归档」，不能整备')).toBeTruthy();
    fireEvent.click(within(result).getByRole('button', { name: '知道了' }));
    await waitFor(() => expect(bar()).toBeNull());
  });

  it('asks an action’s body once and sends it with the ids', async () => {
    serve('POST', '/api/fixtures/bulk/review', () => ({ done: 1, doneIds: ['1'], refused: [] }));
    renderList();
    fireEvent.click(await checkbox('样例一'));
    fireEvent.click(await screen.findByRole('button', { name: '批量验车（1）' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请输入审核意见')).toBeTruthy();
    expect(posts()).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: '审核意见' }), { target: { value: '同意' } });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: '评分' }), { target: { value: '90' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(lastCall('POST', '/api/fixtures/bulk/review')).toBeTruthy());
    expect(lastCall('POST', '/api/fixtures/bulk/review')?.body).toEqual({
      ids: ['1'],
      body: { opinion: '同意', score: 90, documents: [] },
    });
    const result = await dialogTitled('批量验车结果');
    expect(within(result).getByText('已验车 1 项')).toBeTruthy();
  });
});
