import { type RoleDto, roleInput } from '@cp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Form, Input, Space, Spin } from 'antd';
import { zodRule } from '../forms/zodRule';
import { type RoleFields, rolesApi } from './api';
import { PermissionTree } from './PermissionTree';
import { checkedKeysOf, roleKeysOf } from './permissionTree';

/** add: a new role with its permissions; edit: code, name, remark; grant: the permissions only. */
export type RoleDrawerMode = 'add' | 'edit' | 'grant';

interface RoleForm {
  code: string;
  name: string;
  remark?: string;
  permissions: string[];
}

const titles: Record<RoleDrawerMode, string> = { add: '新增角色', edit: '编辑角色', grant: '分配权限' };

function fieldsOf(form: RoleForm, mode: RoleDrawerMode, role: RoleDto | undefined): RoleFields {
  const keys =
    mode === 'edit' && role ? { menuKeys: role.menuKeys, buttonKeys: role.buttonKeys } : roleKeysOf(form.permissions);
  return { code: form.code.trim(), name: form.name.trim(), remark: form.remark?.trim() ?? '', ...keys };
}

function RoleFormBody({ mode, role, onDone }: { mode: RoleDrawerMode; role?: RoleDto; onDone: () => void }) {
  const [form] = Form.useForm<RoleForm>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (values: RoleForm) => {
      const fields = fieldsOf(values, mode, role);
      return role ? rolesApi.update(role.id, { ...fields, version: role.version }) : rolesApi.create(fields);
    },
    onSuccess: async () => {
      message.success('操作成功');
      await queryClient.invalidateQueries({ queryKey: ['roles'] });
      onDone();
    },
  });
  const basicsLocked = mode === 'grant';
  return (
    <Form<RoleForm>
      form={form}
      layout="vertical"
      initialValues={{
        code: role?.code ?? '',
        name: role?.name ?? '',
        remark: role?.remark ?? '',
        permissions: role ? checkedKeysOf(role) : [],
      }}
      onFinish={(values) => save.mutate(values)}
      disabled={save.isPending}
    >
      <Form.Item
        label="角色编码"
        name="code"
        rules={[{ required: true, message: '请输入角色编码' }, zodRule(roleInput.shape.code)]}
      >
        <Input disabled={basicsLocked} placeholder="如 vehicleOps" maxLength={32} />
      </Form.Item>
      <Form.Item
        label="角色名称"
        name="name"
        rules={[{ required: true, whitespace: true, message: '请输入角色名称' }, zodRule(roleInput.shape.name)]}
      >
        <Input disabled={basicsLocked} maxLength={32} />
      </Form.Item>
      <Form.Item label="备注" name="remark" rules={[zodRule(roleInput.shape.remark)]}>
        <Input.TextArea disabled={basicsLocked} rows={2} maxLength={200} showCount />
      </Form.Item>
      {mode !== 'edit' && (
        <Form.Item label="菜单与按钮权限" name="permissions">
          <PermissionTree />
        </Form.Item>
      )}
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存
        </Button>
        <Button onClick={onDone}>取消</Button>
      </Space>
    </Form>
  );
}

/** Drawer for adding a role, editing it, or granting its permissions. */
export function RoleDrawer({ mode, roleId, onClose }: { mode: RoleDrawerMode; roleId?: string; onClose: () => void }) {
  const detail = useQuery({
    queryKey: ['roles', 'detail', roleId],
    queryFn: () => rolesApi.detail(roleId ?? ''),
    enabled: roleId !== undefined,
    staleTime: 0,
  });
  const ready = roleId === undefined || detail.data !== undefined;
  return (
    <Drawer open title={titles[mode]} size={560} onClose={onClose} destroyOnHidden>
      {ready ? <RoleFormBody mode={mode} role={detail.data} onDone={onClose} /> : <Spin />}
    </Drawer>
  );
}
