import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Spin, Typography } from 'antd';
import { systemTitle } from '../../app/routeTable';
import { Logo } from '../../shell/Logo';
import { type LoginForm, useLoginFlow } from './useLoginFlow';

export function LoginPage() {
  const { submit, error, pending, direct } = useLoginFlow();
  return (
    <main className="login-page">
      <Card className="login-card">
        <div className="login-brand">
          <Logo size={40} />
          <Typography.Title level={3}>{systemTitle}</Typography.Title>
        </div>
        {error && <Alert className="login-error" type="error" showIcon title={error} />}
        {direct && pending ? (
          <div className="login-direct">
            <Spin description="正在登录..." />
          </div>
        ) : (
          <Form<LoginForm> layout="vertical" requiredMark={false} onFinish={submit} disabled={pending}>
            <Form.Item
              label="登录账号"
              name="loginId"
              rules={[
                { required: true, whitespace: true, message: '请输入登录账号' },
                { max: 64, message: '登录账号不能超过64个字符' },
              ]}
            >
              <Input prefix={<UserOutlined />} placeholder="请输入登录账号" autoComplete="username" autoFocus />
            </Form.Item>
            <Form.Item
              label="密码"
              name="password"
              rules={[
                { required: true, message: '请输入密码' },
                { max: 128, message: '密码不能超过128个字符' },
              ]}
            >
              <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block size="large" loading={pending}>
              登录
            </Button>
          </Form>
        )}
      </Card>
    </main>
  );
}
