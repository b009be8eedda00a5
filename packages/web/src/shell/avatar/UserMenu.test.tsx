import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShell, testUser } from '../../resource/testing/render';
import { UserMenu } from './UserMenu';

vi.mock('../../request', () => import('../../resource/testing/requestMock'));
vi.setConfig({ testTimeout: 20_000 });

const user = { ...testUser(), userName: '王小明' };

describe('the avatar menu', () => {
  it('opens from the user’s name beside the avatar, as from the avatar', async () => {
    renderWithShell(<UserMenu user={user} />);
    fireEvent.click(screen.getByText('王小明'));
    expect(await screen.findByRole('menuitem', { name: '个人信息' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: '切换账号' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: '修改密码' })).toBeTruthy();
  });

  it('keeps only the avatar where the name is hidden (a narrow screen)', async () => {
    renderWithShell(<UserMenu user={user} hideName />);
    expect(screen.queryByText('王小明')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '用户菜单' }));
    expect(await screen.findByRole('menuitem', { name: '修改密码' })).toBeTruthy();
  });
});
