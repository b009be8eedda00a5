import { Card, Col, Empty, Row, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../auth/session';
import { pagesOf } from '../../shell/menus';
import { useShellMenu } from '../../shell/shellMenu';
import { greetingAt } from './greeting';
import { homeCards } from './homeCards';
import { PendingQueues } from './PendingQueues';

function Shortcuts() {
  const sections = useShellMenu();
  if (sections.length === 0) {
    return <Empty description="暂无可用菜单，请联系管理员分配权限" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  }
  return (
    <Row gutter={[16, 16]}>
      {sections.map((section) => (
        <Col key={section.key} xs={24} md={12} xl={8}>
          <Card size="small" title={section.title}>
            <Space wrap>
              {pagesOf(section.children ?? []).map((page) => (
                <Link key={page.key} to={page.path ?? '/home'}>
                  {page.title}
                </Link>
              ))}
            </Space>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

export function HomePage() {
  const { user, held } = useSession();
  const cards = homeCards.filter((card) => held.menus.has(card.menuKey));
  return (
    <div className="home-page">
      <Card>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {greetingAt(new Date())}，{user.userName}
        </Typography.Title>
        <Typography.Text type="secondary">
          {user.companyName} · {dayjs().format('YYYY年M月D日 dddd')}
        </Typography.Text>
      </Card>
      <Row gutter={[16, 16]} className="home-row">
        <Col xs={24} xl={cards.length > 0 ? 14 : 24}>
          <PendingQueues />
        </Col>
        {cards.map(({ key, Component }) => (
          <Col key={key} xs={24} xl={10}>
            <Suspense>
              <Component />
            </Suspense>
          </Col>
        ))}
      </Row>
      <Card title="快捷入口" className="home-row">
        <Shortcuts />
      </Card>
    </div>
  );
}
