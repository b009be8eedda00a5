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

/** The avatar and its menu: 个人信息, 切换账号, 修改密码. */
export function UserMenu({ user }: { user: UserInfo }) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  return (
    <>
      <Dropdown menu={{ items, onClick: ({ key }) => setDialog(key as Dialog) }} trigger={['click']}>
        <button type="button" className="shell-avatar" aria-label="用户菜单">
          <Avatar size="small" src={user.avatar || undefined} icon={<UserOutlined />} />
        </button>
      </Dropdown>
      <ProfileModal user={user} open={dialog === 'profile'} onClose={close} />
      <SwitchAccountModal open={dialog === 'switchAccount'} onClose={close} />
      <PasswordModal open={dialog === 'password'} onClose={close} mobile={user.mobile} />
    </>
  );
}
