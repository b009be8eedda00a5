import {
  contractFileStates,
  contractFileStatus,
  contractReason,
  leaseContractResource,
  leaseContractScreens,
  type PageResult,
} from '@cp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Spin, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { get } from '../request';
import { fileNamesOf } from '../resource/fileNames';
import { formatPlain } from '../resource/format';
import { StatusTag } from '../resource/StatusTag';
import { toUploadedFile } from '../resource/StoredFileList';
import type { ResourceRecord } from '../resource/types';
import { PdfViewer } from '../widgets/pdf/PdfViewer';
import { useFileUrl } from '../widgets/upload/useFileUrl';

const listUrl = leaseContractScreens.contracts.endpoint;
const fileOf = (version: ResourceRecord | undefined) =>
  Array.isArray(version?.file) ? String(version.file[0] ?? '') : '';

function VersionPdf({ version }: { version: ResourceRecord }) {
  const location = fileOf(version);
  const names = fileNamesOf(version);
  const file = useMemo(() => (location ? toUploadedFile(location, names) : null), [location, names]);
  const state = useFileUrl(file);
  if (Number(version.status) === contractFileStates.failed) {
    return <Alert type="error" title={`合同生成失败：${String(version.failure ?? '')}`} />;
  }
  if (!file) return <Alert type="info" title="合同生成中，请稍候" />;
  if (state.status === 'failed') return <Alert type="error" title={state.message} />;
  if (state.status !== 'ready') return <Spin style={{ display: 'block', padding: 48 }} />;
  return <PdfViewer url={state.url} fileName={file.attachmentName} />;
}

/**
 * 合同 on a lease order's detail: every version its approved changes made, newest first, each openable in the
 * reader (the newest at first); a version still being made is asked for again until its PDF is there.
 */
export function ContractPanel({ record }: { record: ResourceRecord }) {
  const id = String(record.id ?? '');
  const versions = useQuery({
    queryKey: [leaseContractResource.key, 'contracts', id, record.version, record.status],
    queryFn: () => get<PageResult<ResourceRecord>>(listUrl, { orderId: id, limit: 50 }),
    enabled: /^\d+$/.test(id),
    refetchInterval: (query) =>
      query.state.data?.list.some((row) => Number(row.status) === contractFileStates.generating) ? 3000 : false,
  });
  const [chosen, setChosen] = useState<string | null>(null);
  if (versions.isPending) return null;
  const list = versions.data?.list ?? [];
  const shown = list.find((row) => String(row.id) === chosen) ?? list[0];
  return (
    <Card title="合同" size="small" data-testid="lease-contract">
      {list.length === 0 ? (
        <Empty description="订单审批通过后生成合同" />
      ) : (
        <Flex vertical gap={12}>
          <Table<ResourceRecord>
            size="small"
            rowKey={(row) => String(row.id)}
            pagination={false}
            dataSource={list}
            columns={[
              { title: '版本', key: 'versionNo', render: (_, row) => `第${String(row.versionNo)}版` },
              { title: '生成原因', key: 'reason', render: (_, row) => contractReason.label(Number(row.reason)) },
              { title: '变更内容', dataIndex: 'summary', ellipsis: true },
              {
                title: '状态',
                key: 'status',
                render: (_, row) => <StatusTag enumDef={contractFileStatus} value={Number(row.status)} />,
              },
              {
                title: '生成时间',
                key: 'createdAt',
                render: (_, row) => formatPlain({ kind: 'datetime' }, row.createdAt),
              },
              {
                title: '操作',
                key: 'open',
                render: (_, row) =>
                  row === shown ? (
                    <Typography.Text type="secondary">查看中</Typography.Text>
                  ) : (
                    <Button type="link" size="small" onClick={() => setChosen(String(row.id))}>
                      查看
                    </Button>
                  ),
              },
            ]}
          />
          {shown ? <VersionPdf key={String(shown.id)} version={shown} /> : null}
        </Flex>
      )}
    </Card>
  );
}
