import { Button, Result } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';

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
