import { buttonKeys } from '@cp/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, lastCall, resetServer, serve } from '../resource/testing/fakeServer';
import { renderWithShell } from '../resource/testing/render';
import { actionsOf, buttonsOf, rowAction, rowOf } from '../resource/testing/rows';
import { page } from './families';

vi.mock('../request', () => import('../resource/testing/requestMock'));
vi.setConfig({ testTimeout: 40_000 });

const active = {
  id: '5',
  userId: '15',
  version: 1,
  loginId: 'zhangsan',
  userName: '张三',
  code: 'CP0005',
  mobile: '13800000005',
  email: null,
  roleIds: ['4'],
  roleNames: ['车辆专员'],
  status: 1,
  tenantNames: ['北京分公司'],
  lastLoginAt: null,
  createdAt: '2025-01-01T02:00:00.000Z',
};
const stopped = { ...active, id: '6', userId: '16', loginId: 'lisi', userName: '李四', code: 'CP0006', status: 0 };
/** The signed-in user's own account (the test session's user is id 1). */
const own = { ...active, id: '9', userId: '1', loginId: 'admin', userName: '管理员', code: 'CP0001' };

const posts = () => calls.filter((call) => call.method === 'POST');

function openUsers(buttons: readonly string[] = buttonKeys.filter((key) => key.startsWith('userManagement:'))) {
  const Users = page('userManagement');
  return renderWithShell(<Users />, { url: '/userManagement', buttons });
}

beforeEach(() => {
  resetServer();
  serve('GET', '/api/users', ({ query }: { query: unknown }) => {
    const { page: number, limit } = query as { page: number; limit: number };
    return { list: [active, stopped], total: 2, totalExact: true, page: number, limit };
  });
  serve('GET', '/api/users/:id', ({ params }: { params: Record<string, string> }) =>
    [active, stopped].find((user) => user.id === params.id),
  );
  serve('GET', '/api/lookups/roles', [
    { label: '车辆专员', value: '4' },
    { label: '财务专员', value: '5' },
  ]);
});

describe('用户管理', () => {
  it('offers 停用 for an active user and 启用 for a stopped one, with 编辑 and 重置密码', async () => {
    openUsers();
    expect(await actionsOf(await rowOf('张三'))).toEqual(['详情', '编辑', '停用', '重置密码']);
    expect(await actionsOf(await rowOf('李四'))).toEqual(['详情', '编辑', '启用', '重置密码']);
    expect(screen.getByRole('button', { name: '新增' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '导出' })).toBeTruthy();
  });

  it('does not offer 停用 on one’s own account, in the list or on its detail', async () => {
    serve('GET', '/api/users', ({ query }: { query: unknown }) => {
      const { page: number, limit } = query as { page: number; limit: number };
      return { list: [own, active], total: 2, totalExact: true, page: number, limit };
    });
    serve('GET', '/api/users/:id', own);
    openUsers();
    expect(await actionsOf(await rowOf('管理员'))).toEqual(['详情', '编辑', '重置密码']);
    expect(await actionsOf(await rowOf('张三'))).toEqual(['详情', '编辑', '停用', '重置密码']);
    fireEvent.click(within(await rowOf('管理员')).getByRole('button', { name: '详情' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByRole('button', { name: '重置密码' })).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: '停用' })).toBeNull();
  });

  it('shows only the buttons the user holds', async () => {
    openUsers(['userManagement:enable']);
    expect(buttonsOf(await rowOf('张三'))).toEqual(['详情']);
    expect(buttonsOf(await rowOf('李四'))).toEqual(['详情', '启用']);
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
  });

  it('停用 after a confirmation that says what it does', async () => {
    serve('POST', '/api/users/:id/disable', null);
    openUsers();
    fireEvent.click(within(await rowOf('张三')).getByRole('button', { name: '停用' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定停用 张三吗？')).toBeTruthy();
    expect(within(dialog).getByText('停用后该用户将立即退出本分公司，且不能再登录本分公司。')).toBeTruthy();
    expect(posts()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(lastCall('POST', '/api/users/5/disable')).toBeTruthy());
    expect(await screen.findByText('停用 张三：操作成功')).toBeTruthy();
  });

  it('新增 shows the one-time password once, then closes', async () => {
    serve('POST', '/api/users', { ...active, id: '9', loginId: 'wangwu', userName: '王五', password: 'Kp7#mWq2Zx' });
    openUsers();
    fireEvent.click(await screen.findByRole('button', { name: '新增' }));
    const form = (await screen.findByText('新增用户')).closest('.ant-drawer') as HTMLElement;
    fireEvent.change(within(form).getByLabelText('登录账号'), { target: { value: 'wangwu' } });
    fireEvent.change(within(form).getByLabelText('姓名'), { target: { value: '王五' } });
    fireEvent.change(within(form).getByLabelText('工号'), { target: { value: 'CP0009' } });
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: '角色' }));
    fireEvent.click(await screen.findByTitle('财务专员'));
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(lastCall('POST', '/api/users')).toBeTruthy());
    expect(lastCall('POST', '/api/users')?.body).toMatchObject({
      loginId: 'wangwu',
      userName: '王五',
      code: 'CP0009',
      roleIds: ['5'],
      mobile: null,
    });
    const issued = (await screen.findByText('一次性密码')).closest('.ant-modal') as HTMLElement;
    expect(within(issued).getByText('王五（wangwu）的登录密码：')).toBeTruthy();
    expect(within(issued).getByText('Kp7#mWq2Zx')).toBeTruthy();
    fireEvent.click(within(issued).getByRole('button', { name: '我已记下' }));
    await waitFor(() => expect(screen.queryByText('Kp7#mWq2Zx')).toBeNull());
    await waitFor(() => expect(screen.queryByText('新增用户')).toBeNull());
  });

  it('编辑 leaves the login id as it was created', async () => {
    serve('PUT', '/api/users/:id', active);
    openUsers();
    fireEvent.click(within(await rowOf('张三')).getByRole('button', { name: '编辑' }));
    const form = (await screen.findByText('编辑用户')).closest('.ant-drawer') as HTMLElement;
    const loginId = (await within(form).findByDisplayValue('zhangsan')) as HTMLInputElement;
    expect(loginId.disabled).toBe(true);
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(lastCall('PUT', '/api/users/5')).toBeTruthy());
    expect(lastCall('PUT', '/api/users/5')?.body).toMatchObject({ userName: '张三', roleIds: ['4'], version: 1 });
    expect(lastCall('PUT', '/api/users/5')?.body).not.toHaveProperty('loginId');
  });

  it('重置密码 after a confirmation shows the new one-time password', async () => {
    serve('POST', '/api/users/:id/reset-password', { password: 'Rt5@nHv8Lc' });
    openUsers();
    fireEvent.click(await rowAction(await rowOf('张三'), '重置密码'));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('确定重置密码 张三吗？')).toBeTruthy();
    expect(within(confirm).getByText('重置后原密码立即失效，该用户的登录会全部退出；新密码只显示一次。')).toBeTruthy();
    expect(posts()).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(lastCall('POST', '/api/users/5/reset-password')).toBeTruthy());
    const issued = (await screen.findByText('一次性密码')).closest('.ant-modal') as HTMLElement;
    expect(within(issued).getByText('张三（zhangsan）的登录密码：')).toBeTruthy();
    expect(within(issued).getByText('Rt5@nHv8Lc')).toBeTruthy();
    fireEvent.click(within(issued).getByRole('button', { name: '我已记下' }));
    await waitFor(() => expect(screen.queryByText('Rt5@nHv8Lc')).toBeNull());
  });
});
