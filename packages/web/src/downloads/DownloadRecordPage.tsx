import { type DownloadRecordDto, exportStatus } from '@cp/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Progress, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import { emptyText } from '../resource/emptyText';
import { StatusTag } from '../resource/StatusTag';
import { PagedTable, sharedPageSizes } from '../widgets';
import { type DownloadsApi, downloadsApi, exportStates, formatSize, refreshIntervalMs, saveFromUrl } from './api';
import { useDownloadRecords } from './useDownloadRecords';

function progressOf(record: DownloadRecordDto) {
  if (record.status === exportStates.failed)
    return <Progress percent={record.progress} size="small" status="exception" />;
  if (record.status === exportStates.done || record.status === exportStates.expired) {
    return <Progress percent={100} size="small" status="success" />;
  }
  const active = record.status === exportStates.running;
  return <Progress percent={record.progress} size="small" status={active ? 'active' : 'normal'} />;
}

export interface DownloadRecordPageProps {
  api?: DownloadsApi;
  /** Saves the file at a signed address (a link click by default). */
  save?: (url: string) => void;
  refreshMs?: number;
}

/** 下载记录: the user's exports, newest first, refreshing while any is 排队中 or 生成中. */
export function DownloadRecordPage({
  api = downloadsApi,
  save = saveFromUrl,
  refreshMs = refreshIntervalMs,
}: DownloadRecordPageProps) {
  const { list, result } = useDownloadRecords(api, refreshMs);
  const download = useMutation({
    mutationFn: (id: string) => api.link(id),
    onSuccess: (link) => save(link.url),
  });

  const columns: TableColumnsType<DownloadRecordDto> = [
    { title: '文件名称', dataIndex: 'name', width: 260 },
    {
      title: '提交时间',
      dataIndex: 'createdAt',
      width: 170,
      render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (_: number, record) => <StatusTag enumDef={exportStatus} value={record.status} />,
    },
    { title: '进度', key: 'progress', width: 160, render: (_, record) => progressOf(record) },
    {
      title: '数据条数',
      dataIndex: 'rowCount',
      width: 100,
      align: 'right',
      render: (value: number, record) =>
        record.status === exportStates.queued ? emptyText : value.toLocaleString('zh-CN'),
    },
    { title: '文件大小', dataIndex: 'size', width: 100, align: 'right', render: (value: number) => formatSize(value) },
    {
      title: '失败原因',
      dataIndex: 'failureReason',
      width: 220,
      render: (value: string) => (value ? <Typography.Text type="danger">{value}</Typography.Text> : emptyText),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 80,
      render: (_, record) => (
        <Button
          type="link"
          size="small"
          disabled={!record.downloadable}
          loading={download.isPending && download.variables === record.id}
          onClick={() => download.mutate(record.id)}
        >
          下载
        </Button>
      ),
    },
  ];

  return (
    <Card
      title="下载记录"
      extra={<Typography.Text type="secondary">导出文件保留7天，过期后请重新导出</Typography.Text>}
    >
      <PagedTable<DownloadRecordDto>
        columns={columns}
        result={result.data}
        loading={result.isPending}
        page={list.page}
        limit={list.limit}
        pageSizes={sharedPageSizes}
        onPageChange={list.setPage}
      />
    </Card>
  );
}
