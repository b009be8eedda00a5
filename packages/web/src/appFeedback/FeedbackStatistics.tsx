import type { AppFeedbackStatistics } from '@cp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Modal, Spin } from 'antd';
import { useState } from 'react';
import { get } from '../request';

const percent = (basisPoints: number) => `${(basisPoints / 100).toFixed(1)}%`;

/** 处理统计: the branch company's feedback by state, by kind and by handling time, with the share 已处理. */
export function FeedbackStatistics({ title }: { title: string }) {
  const [open, setOpen] = useState(false);
  const query = useQuery({
    queryKey: ['appFeedbackStatistics'],
    queryFn: () => get<AppFeedbackStatistics>('/api/driver-feedback/statistics'),
    enabled: open,
  });
  const figures = query.data;
  return (
    <>
      <Button onClick={() => setOpen(true)}>{title}</Button>
      {open && (
        <Modal open title="意见反馈统计" footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
          {!figures ? (
            <Spin />
          ) : (
            <Descriptions column={2} size="small" bordered>
              <Descriptions.Item label="反馈总数">{figures.total}</Descriptions.Item>
              <Descriptions.Item label="解决率（已处理/已办结）">{percent(figures.handledRate)}</Descriptions.Item>
              <Descriptions.Item label="待处理">{figures.pending}</Descriptions.Item>
              <Descriptions.Item label="处理中">{figures.handling}</Descriptions.Item>
              <Descriptions.Item label="已处理">{figures.handled}</Descriptions.Item>
              <Descriptions.Item label="已关闭">{figures.closed}</Descriptions.Item>
              <Descriptions.Item label="建议">{figures.suggestions}</Descriptions.Item>
              <Descriptions.Item label="故障">{figures.faults}</Descriptions.Item>
              <Descriptions.Item label="处理时长 5小时内">{figures.within5h}</Descriptions.Item>
              <Descriptions.Item label="处理时长 5-24小时">{figures.within24h}</Descriptions.Item>
              <Descriptions.Item label="处理时长 超过24小时" span={2}>
                {figures.over24h}
              </Descriptions.Item>
            </Descriptions>
          )}
        </Modal>
      )}
    </>
  );
}
