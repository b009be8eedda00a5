import type { RoleDto } from '@cp/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Popconfirm, Space, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { Authorized, useAccess } from '../auth/access';
import { useUrlListState } from '../lists/useUrlListState';
import { emptyText } from '../resource/emptyText';
import { PagedTable, SearchPanel, sharedPageSizes } from '../widgets';
import { rolesApi, superAdminRoleCode } from './api';
import { RoleDrawer, type RoleDrawerMode } from './RoleDrawer';

const filterNames = ['keyword'] as const;

function useRoleList() {
  const list = useUrlListState(filterNames);
  const query = { page: list.page, limit: list.limit, keyword: list.filters.keyword };
  const result = useQuery({
    queryKey: ['roles', 'list', query],
    queryFn: () => rolesApi.list(query),
    placeholderData: keepPreviousData,
  });
  return { list, result };
}

/** 角色管理: roles of the current branch company with their menu and button permissions. */
export function RoleManagementPage() {
  const { list, result } = useRoleList();
  const [form] = Form.useForm<{ keyword?: string }>();
  const [drawer, setDrawer] = useState<{ mode: RoleDrawerMode; roleId?: string } | null>(null);
  const access = useAccess();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: rolesApi.remove,
    onSuccess: async () => {
      message.success('删除成功');
      await queryClient.invalidateQueries({ queryKey: ['roles'] });
    },
  });

  const keyword = list.filters.keyword;
  useEffect(() => form.setFieldsValue({ keyword }), [form, keyword]);

  const rowActions = ['edit', 'grantPermissions', 'delete'].some((action) =>
    access.hasButton(`roleManagement:${action}`),
  );
  const columns: TableColumnsType<RoleDto> = [
    { title: '角色编码', dataIndex: 'code' },
    {
      title: '角色名称',
      dataIndex: 'name',
      render: (name: string, role) => (
        <Space>
          {name}
          {role.code === superAdminRoleCode && <Tag color="orange">系统内置</Tag>}
        </Space>
      ),
    },
    { title: '备注', dataIndex: 'remark', render: (remark: string) => remark || emptyText },
    { title: '账号数', dataIndex: 'accountCount', align: 'right' },
    { title: '更新时间', dataIndex: 'updatedAt', render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm') },
  ];
  if (rowActions) {
    columns.push({
      title: '操作',
      key: 'actions',
      fixed: 'right',
      render: (_, role) =>
        role.code === superAdminRoleCode ? (
          <span className="muted">系统管理，不可修改</span>
        ) : (
          <Space size={0}>
            <Authorized button="roleManagement:edit">
              <Button type="link" size="small" onClick={() => setDrawer({ mode: 'edit', roleId: role.id })}>
                编辑
              </Button>
            </Authorized>
            <Authorized button="roleManagement:grantPermissions">
              <Button type="link" size="small" onClick={() => setDrawer({ mode: 'grant', roleId: role.id })}>
                分配权限
              </Button>
            </Authorized>
            <Authorized button="roleManagement:delete">
              <Popconfirm
                title={`确定删除角色「${role.name}」吗？`}
                okText="删除"
                cancelText="取消"
                // A refusal has been shown by the request layer: the confirmation just closes.
                onConfirm={() => remove.mutateAsync(role.id).catch(() => undefined)}
              >
                <Button type="link" size="small" danger>
                  删除
                </Button>
              </Popconfirm>
            </Authorized>
          </Space>
        ),
    });
  }

  return (
    <Card>
      <SearchPanel<{ keyword?: string }>
        form={form}
        initialValues={{ keyword }}
        onSearch={(values) => list.setFilters({ keyword: values.keyword })}
        loading={result.isFetching}
      >
        <Form.Item label="关键字" name="keyword">
          <Input placeholder="角色名称或编码" allowClear maxLength={50} />
        </Form.Item>
      </SearchPanel>
      <Space style={{ marginBottom: 16 }}>
        <Authorized button="roleManagement:add">
          <Button type="primary" onClick={() => setDrawer({ mode: 'add' })}>
            新增角色
          </Button>
        </Authorized>
      </Space>
      <PagedTable<RoleDto>
        columns={columns}
        result={result.data}
        loading={result.isFetching}
        page={list.page}
        limit={list.limit}
        pageSizes={sharedPageSizes}
        onPageChange={list.setPage}
      />
      {drawer && <RoleDrawer mode={drawer.mode} roleId={drawer.roleId} onClose={() => setDrawer(null)} />}
    </Card>
  );
}
