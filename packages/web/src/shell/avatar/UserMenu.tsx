import { UserOutlined } from '@ant-design/icons';
import type { UserInfo } from '@cp/contracts';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { PasswordModal } from './PasswordModal';
import { ProfileModal } from './ProfileModal';
import { SwitchAccountModal } from './SwitchAccountModal';

type Dialog = 'profile' | 'switchAccount' | 'password';

const items: MenuProps['items'] = [
  { key: 'profile', label: '个人信息' },
  { key: 'switchAccount', label: '切换账号' },
  { key: 'password', label: '修改密码' },
];

/** The avatar (and the user's name beside it, unless `hideName`) opening one menu: 个人信息, 切换账号, 修改密码. */
export function UserMenu({ user, hideName = false }: { user: UserInfo; hideName?: boolean }) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  return (
    <>
      <Dropdown menu={{ items, onClick: ({ key }) => setDialog(key as Dialog) }} trigger={['click']}>
        <button type="button" className="shell-avatar" aria-label={hideName ? '用户菜单' : `用户菜单 ${user.userName}`}>
          <Avatar size="small" src={user.avatar || undefined} icon={<UserOutlined />} />
          {!hideName && <span className="shell-user-name">{user.userName}</span>}
        </button>
      </Dropdown>
      <ProfileModal user={user} open={dialog === 'profile'} onClose={close} />
      <SwitchAccountModal open={dialog === 'switchAccount'} onClose={close} />
      <PasswordModal open={dialog === 'password'} onClose={close} mobile={user.mobile} />
    </>
  );
}
