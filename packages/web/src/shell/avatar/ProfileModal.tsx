import type { UserInfo } from '@cp/contracts';
import { Descriptions, Modal } from 'antd';
import { emptyText } from '../../resource/emptyText';

/** 个人信息: who is signed in, in which company, with which roles. */
export function ProfileModal({ user, open, onClose }: { user: UserInfo; open: boolean; onClose: () => void }) {
  const items = [
    { key: 'userName', label: '用户名', children: user.userName },
    { key: 'loginId', label: '登录账号', children: user.loginId },
    { key: 'roles', label: '角色', children: user.roleCodes.map((role) => role.name).join('、') || emptyText },
    { key: 'mobile', label: '手机号', children: user.mobile || emptyText },
    { key: 'companyName', label: '公司名称', children: user.companyName || emptyText },
    { key: 'email', label: '邮箱', children: user.email || emptyText },
  ];
  return (
    <Modal title="个人信息" open={open} onCancel={onClose} footer={null} destroyOnHidden>
      <Descriptions column={1} bordered size="small" items={items} />
    </Modal>
  );
}
