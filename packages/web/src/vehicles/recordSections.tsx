import { riskResource } from '@cp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Table, Tag } from 'antd';
import { post } from '../request';
import type { ResourceRecord } from '../resource';
import { emptyText } from '../resource/emptyText';
import { refreshResources } from '../resource/mutations';

interface ChecklistRow {
  item: string;
  ok: boolean;
  note?: string;
}

const checklistColumns = [
  { title: '检查项', dataIndex: 'item', key: 'item' },
  {
    title: '是否正常',
    dataIndex: 'ok',
    key: 'ok',
    render: (ok: boolean) => (ok ? <Tag color="green">正常</Tag> : <Tag color="red">异常</Tag>),
  },
  { title: '说明', dataIndex: 'note', key: 'note', render: (note?: string) => note || emptyText },
];

/** 交车详情's checklist: each item checked at handover, 正常 or not, with its note. */
export function DeliveryChecklist({ record }: { record: ResourceRecord }) {
  const rows = Array.isArray(record.checklist) ? (record.checklist as ChecklistRow[]) : [];
  return (
    <Card title="检查清单">
      <Table<ChecklistRow>
        rowKey={(row) => row.item}
        columns={checklistColumns}
        dataSource={rows}
        pagination={false}
        size="small"
      />
    </Card>
  );
}

interface ScanOutcome {
  flagged: number;
  pending: number;
}

/** What a scan found, in words: the flags it added and how many wait for 处理 now. */
export function scanSummary({ flagged, pending }: ScanOutcome): string {
  if (flagged > 0) return `扫描完成：新发现 ${flagged} 项风险，共 ${pending} 项待处理`;
  if (pending > 0) return `扫描完成：未发现新风险，仍有 ${pending} 项待处理`;
  return '扫描完成：未发现风险';
}

/** 重新扫描 of 风险管理: flags what the rules find now (a flag still open is not repeated), says what it found. */
export function ScanRisksButton({ title }: { title: string }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const scan = useMutation({
    mutationFn: () => post<ScanOutcome>('/api/vehicle-risks/scan'),
    onSuccess: async (outcome) => {
      message.success(scanSummary(outcome));
      await refreshResources(queryClient, [riskResource.key]);
    },
  });
  return (
    <Button loading={scan.isPending} onClick={() => scan.mutate()} title={title}>
      重新扫描
    </Button>
  );
}
