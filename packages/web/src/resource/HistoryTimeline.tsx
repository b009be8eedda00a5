import type { Resource } from '@cp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Empty, Spin, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { get } from '../request';
import { describeEntry, type HistoryEntry, type HistoryLabels } from './history';

export interface HistoryTimelineProps extends HistoryLabels {
  resource: Resource;
  /** The row's history endpoint: `/api/vehicles/12/history`. */
  url: string;
}

/** Who changed what and when, newest first, with the resource's field titles and the lifecycle's action titles. */
export function HistoryTimeline({ resource, url, actions, fields }: HistoryTimelineProps) {
  const history = useQuery({ queryKey: [resource.key, 'history', url], queryFn: () => get<HistoryEntry[]>(url) });
  if (history.isPending) return <Spin />;
  const entries = history.data ?? [];
  if (entries.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无变更记录" />;
  return (
    <Timeline
      items={entries.map((entry) => {
        const { action, changes } = describeEntry(resource, entry, { actions, fields });
        return {
          key: entry.id,
          title: dayjs(entry.at).format('YYYY-MM-DD HH:mm:ss'),
          content: (
            <div>
              <Typography.Text strong>{action}</Typography.Text>
              <Typography.Text type="secondary"> {entry.userName || '系统'}</Typography.Text>
              {changes.length > 0 && (
                <ul style={{ margin: '4px 0 0', paddingLeft: 18 }}>
                  {changes.map((change) => (
                    <li key={change.key}>
                      {change.from === null
                        ? `${change.title}：${change.to}`
                        : `${change.title}：${change.from} → ${change.to}`}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ),
        };
      })}
    />
  );
}
