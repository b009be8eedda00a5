import { fieldMessage, passwordHint, passwordProblem } from '@cp/contracts';
import { App, Form, Input, Modal, Typography } from 'antd';

interface PasswordForm {
  oldPassWord: string;
  passWord: string;
  confimPassWord: string;
}

const passwordChangeUnsupported = '该功能暂不支持';

/**
 * 修改密码: the form checks what SPEC §5 asks — each field given, the new password by the hint's rules (6–10
 * characters, two kinds of digits/letters/symbols, no spaces, none of the user's mobile number), the
 * confirmation equal to it — and only then says changing the password is not supported yet.
 */
export function PasswordModal({
  open,
  onClose,
  mobile,
}: {
  open: boolean;
  onClose: () => void;
  /** The user's mobile number, which a new password must not contain. */
  mobile?: string | undefined;
}) {
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
          <Input.Password autoComplete="current-password" placeholder="请输入旧密码" />
        </Form.Item>
        <Form.Item
          label="新密码"
          name="passWord"
          rules={[
            { required: true, message: '密码不能为空' },
            {
              validator: async (_rule, value?: string) => {
                const problem = value ? passwordProblem(value, mobile) : null;
                if (problem) throw new Error(fieldMessage('新密码', problem));
              },
            },
          ]}
        >
          <Input.Password autoComplete="new-password" placeholder="请输入新密码" />
        </Form.Item>
        <Form.Item
          label="确认密码"
          name="confimPassWord"
          dependencies={['passWord']}
          rules={[
            { required: true, message: '确认密码不能为空' },
            ({ getFieldValue }) => ({
              validator: async (_rule, value?: string) => {
                if (value && value !== getFieldValue('passWord')) throw new Error('两次输入的新密码不一致');
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" placeholder="请再次输入新密码" />
        </Form.Item>
        <Typography.Text type="secondary">{passwordHint}</Typography.Text>
      </Form>
    </Modal>
  );
}
