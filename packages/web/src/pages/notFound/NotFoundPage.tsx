// One module per component, not the `antd` index (see LoginPage).
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useNavigate, useSearchParams } from 'react-router';
// Drawn without a session before the console (and antd's whole stylesheet) has loaded.
import 'virtual:antd-css/btn,result,wave';
import '../public.css';

/** What /404 says: the path that was asked for (`?path=`, set by the guard) and the way home. */
export function NotFoundResult() {
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const asked = query.get('path');
  return (
    <Result
      status="404"
      title={asked ? `页面不存在：${asked}` : '404'}
      subTitle="抱歉，您访问的页面不存在或您没有权限访问"
      extra={
        <Button type="primary" onClick={() => navigate('/home')}>
          返回首页
        </Button>
      }
    />
  );
}

/** /404 without a session: the page alone, outside the console's frame. */
export function NotFoundPage() {
  return (
    <main className="not-found-page">
      <NotFoundResult />
    </main>
  );
}
