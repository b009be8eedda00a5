// One module per component and icon, not the packages' index: what an index reaches (every component the
// console uses) would be loaded with the login page. The card and its title are markup of our own, drawn with
// the theme's variables: antd's Card brings its tabs (and their menu), Typography its tooltips and editor.
import LockOutlined from '@ant-design/icons/es/icons/LockOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Spin from 'antd/es/spin';
import { systemTitle } from '../../app/routeTable';
import { themeVariablesClass } from '../../app/theme';
import { Logo } from '../../shell/Logo';
import { type LoginForm, useLoginFlow } from './useLoginFlow';
import 'virtual:antd-css/alert,btn,col,form,input,row,spin,wave';
import '../public.css';

export function LoginPage() {
  const { submit, error, pending, direct } = useLoginFlow();
  return (
    <main className={`login-page ${themeVariablesClass}`}>
      <section className="login-card">
        <div className="login-brand">
          <Logo size={40} />
          <h3>{systemTitle}</h3>
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
      </section>
    </main>
  );
}
