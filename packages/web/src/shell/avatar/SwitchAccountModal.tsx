import type { AccountRow } from '@cp/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Modal, Table, type TableColumnsType, Tag } from 'antd';
import { authApi } from '../../auth/api';
import { setToken } from '../../auth/token';
import { emptyText } from '../../resource/emptyText';

/** 切换账号: the user's accounts across branch companies; switching asks first, then logs in again. */
export function SwitchAccountModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { modal } = App.useApp();
  const accounts = useQuery({ queryKey: ['session', 'accounts'], queryFn: authApi.accounts, enabled: open });
  const switcher = useMutation({
    mutationFn: authApi.switchAccount,
    onSuccess: ({ access_token }) => {
      setToken(access_token);
      // The page reloads as the new account: every cache and cached page starts afresh.
      window.location.reload();
    },
  });

  const confirm = (row: AccountRow) =>
    modal.confirm({
      title: '切换账号',
      content: `确定切换到「${row.tenantName}」的账号 ${row.loginId} 吗？`,
      okText: '确定',
      cancelText: '取消',
      onOk: () => switcher.mutateAsync(row),
    });

  const columns: TableColumnsType<AccountRow> = [
    { title: '分公司', dataIndex: 'tenantName' },
    { title: '登录账号', dataIndex: 'loginId' },
    { title: '用户名', dataIndex: 'userName' },
    { title: '角色', dataIndex: 'roleName', render: (value: string) => value || emptyText },
    {
      title: '操作',
      key: 'action',
      render: (_, row) =>
        row.currentUser ? (
          <Tag color="orange">当前账号</Tag>
        ) : (
          <Button type="link" size="small" onClick={() => confirm(row)}>
            切换
          </Button>
        ),
    },
  ];

  return (
    <Modal title="切换账号" open={open} onCancel={onClose} footer={null} width={720} destroyOnHidden>
      <Table<AccountRow>
        rowKey={(row) => `${row.tenantId}-${row.loginId}`}
        columns={columns}
        dataSource={accounts.data ?? []}
        loading={accounts.isFetching}
        pagination={false}
        size="small"
      />
    </Modal>
  );
}
