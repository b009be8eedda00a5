import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { defineFamily } from './family';
import { ResourceDetailPage } from './ResourceDetailPage';
import { serve } from './testing/fakeServer';
import { fixtureFamily, fixtureRow, serveFixtures } from './testing/fixture';
import { renderWithShell } from './testing/render';

vi.mock('../request', () => import('./testing/requestMock'));
vi.setConfig({ testTimeout: 30_000 });

const everything = ['vehicleList:edit', 'vehicleInspected:inspect', 'inspectedVehicle:prepare'];
const section = (title: string) => screen.getByText(title).closest('.ant-descriptions') as HTMLElement;
const card = (title: string) => screen.getByText(title, { selector: '.ant-card-head-title' }).closest('.ant-card');

function renderDetail(id: string, buttons: readonly string[] = everything, family = fixtureFamily) {
  return renderWithShell(<ResourceDetailPage family={family} />, { url: `/vehicleDetail?id=${id}`, buttons });
}

describe('ResourceDetailPage', () => {
  it('reads the id from the path on a detail route that has one (/retailOrderView/:id)', async () => {
    serveFixtures([fixtureRow({ id: '7' })]);
    renderWithShell(
      <Routes>
        <Route path="/detail/:id" element={<ResourceDetailPage family={fixtureFamily} />} />
      </Routes>,
      { url: '/detail/7', buttons: everything },
    );
    expect(await screen.findByRole('heading', { name: '样例一' })).toBeTruthy();
  });

  it("shows the row's identity and state, its fields by section and its files in their own card", async () => {
    serveFixtures([fixtureRow({ id: '1', stage: 0 })]);
    renderDetail('1');
    expect(await screen.findByRole('heading', { name: '样例一' })).toBeTruthy();
    expect(screen.getByText('待审核', { selector: '.ant-tag' })).toBeTruthy();
    const basics = section('基本信息');
    for (const text of ['S001', '乙类', '北京市', '车辆专员', '重点'])
      expect(within(basics).getByText(text)).toBeTruthy();
    const amounts = section('数量金额');
    for (const text of ['¥123.45', '2025-03-01', '是']) expect(within(amounts).getByText(text)).toBeTruthy();
    expect(within(amounts).queryByText('文件')).toBeNull();
    expect(within(card('文件') as HTMLElement).getByRole('button', { name: /合同\.pdf/ })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /合同\.pdf/ })).toHaveLength(1);
  });

  it("shows a family's files once, in their card, when it declares no sections", async () => {
    serveFixtures([fixtureRow({ id: '1' })]);
    renderDetail('1', everything, defineFamily({ ...fixtureFamily, groups: undefined }));
    expect(await screen.findByRole('heading', { name: '样例一' })).toBeTruthy();
    expect(within(card('文件') as HTMLElement).getByRole('button', { name: /合同\.pdf/ })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /合同\.pdf/ })).toHaveLength(1);
  });

  it('leaves out a section holding only files: its files have their card', async () => {
    serveFixtures([fixtureRow({ id: '1' })]);
    const groups = [...(fixtureFamily.groups ?? []), { title: '证件资料', fields: ['documents'] }];
    renderDetail('1', everything, defineFamily({ ...fixtureFamily, groups }));
    expect(await screen.findByRole('heading', { name: '样例一' })).toBeTruthy();
    expect(screen.queryByText('证件资料')).toBeNull();
    expect(within(card('文件') as HTMLElement).getByRole('button', { name: /合同\.pdf/ })).toBeTruthy();
  });

  it('offers the actions the state allows and the user holds, and 编辑', async () => {
    serveFixtures([fixtureRow({ id: '1', stage: 0 })]);
    renderDetail('1');
    expect(await screen.findByRole('button', { name: '验车' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '整备' })).toBeNull();
    expect(screen.getByRole('button', { name: '编辑' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '验车' }));
    expect(await screen.findByText('验车 样例一')).toBeTruthy();
  });

  it('offers 整备 once reviewed, and nothing the user does not hold', async () => {
    serveFixtures([fixtureRow({ id: '2', name: '样例二', stage: 1 })]);
    const view = renderDetail('2');
    expect(await screen.findByRole('button', { name: '整备' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '验车' })).toBeNull();
    view.unmount();
    renderDetail('2', []);
    expect(await screen.findByRole('heading', { name: '样例二' })).toBeTruthy();
    for (const name of ['验车', '整备', '编辑']) expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('opens the form drawer from 编辑', async () => {
    serveFixtures([fixtureRow({ id: '1' })]);
    renderDetail('1');
    fireEvent.click(await screen.findByRole('button', { name: '编辑' }));
    expect(await screen.findByText('编辑样例')).toBeTruthy();
  });

  it('shows the history of the row with the titles of its fields and actions', async () => {
    serveFixtures([fixtureRow({ id: '1', stage: 1 })]);
    serve('GET', '/api/fixtures/:id/history', [
      {
        id: '2',
        action: 'review',
        userName: '张三',
        at: '2025-03-02T02:00:00.000Z',
        changes: { stage: { from: 0, to: 1 } },
      },
      { id: '1', action: 'create', userName: '李四', at: '2025-03-01T02:00:00.000Z', changes: null },
    ]);
    renderDetail('1');
    const history = (await screen.findByText('变更记录')).closest('.ant-card') as HTMLElement;
    expect(await within(history).findByText('样例状态：待审核 → 已审核')).toBeTruthy();
    expect(within(history).getByText('验车')).toBeTruthy();
    expect(within(history).getByText('新增')).toBeTruthy();
    expect(within(history).getByText('张三', { exact: false })).toBeTruthy();
  });

  it('says so when the id names no row, with the way back to the list', async () => {
    serveFixtures([]);
    const view = renderDetail('404');
    expect(await screen.findByText('样例不存在或已删除')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '返回车辆列表' }));
    await waitFor(() => expect(view.location()?.pathname).toBe('/vehicleList'));
  });
});
