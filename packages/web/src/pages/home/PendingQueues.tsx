import { type QueueCount, queuesByKey } from '@cp/contracts';
import { Button, Card, Col, Empty, Row, Statistic } from 'antd';
import { Link } from 'react-router';
import { useHomeQueues } from './homeApi';

const countText = (count: Pick<QueueCount, 'total' | 'totalExact'>) =>
  count.totalExact ? String(count.total) : `${count.total}+`;

/** 我的待办: each queue the user may act on that has rows waiting, linking to its list filtered to them. */
export function PendingQueues() {
  const { data, isPending, isError, refetch } = useHomeQueues();
  const waiting = (data?.queues ?? []).flatMap((count) => {
    const queue = queuesByKey.get(count.key);
    return queue && count.total > 0 ? [{ queue, count }] : [];
  });
  const inexact = waiting.some(({ count }) => !count.totalExact);
  const extra = data && `共 ${countText({ total: data.pendingNum, totalExact: !inexact })} 项`;
  return (
    <Card title="我的待办" extra={extra} loading={isPending}>
      {isError ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="待办加载失败">
          <Button onClick={() => refetch()}>重试</Button>
        </Empty>
      ) : waiting.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无待办" />
      ) : (
        <Row gutter={[12, 12]}>
          {waiting.map(({ queue, count }) => (
            <Col key={queue.key} xs={12} md={8} xl={6}>
              <Link to={queue.link}>
                <Card size="small" hoverable>
                  <Statistic title={queue.title} value={countText(count)} suffix="项" />
                </Card>
              </Link>
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}
