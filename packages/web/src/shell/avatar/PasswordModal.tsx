import { App, Form, Input, Modal, Typography } from 'antd';

interface PasswordForm {
  oldPassWord: string;
  passWord: string;
  confimPassWord: string;
}

export const passwordHint = '密码长度6-10位，须包含数字、字母、符号中至少两种，不能包含手机号，不能包含空格';
export const passwordChangeUnsupported = '该功能暂不支持';

/** 修改密码: the form validates, but changing the password is not supported yet (SPEC.md §5). */
export function PasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<PasswordForm>();
  const { message } = App.useApp();
  const submit = async () => {
    await form.validateFields();
    message.warning(passwordChangeUnsupported);
  };
  return (
    <Modal
      title="修改密码"
      open={open}
      onCancel={onClose}
      onOk={() => submit().catch(() => undefined)}
      okText="确定"
      cancelText="取消"
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item label="旧密码" name="oldPassWord" rules={[{ required: true, message: '旧密码不能为空' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item label="新密码" name="passWord" rules={[{ required: true, message: '密码不能为空' }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="确认密码" name="confimPassWord" rules={[{ required: true, message: '确认密码不能为空' }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Typography.Text type="secondary">{passwordHint}</Typography.Text>
      </Form>
    </Modal>
  );
}
