import { InboxOutlined } from '@ant-design/icons';
import type { ImportBatchResult, Resource } from '@cp/contracts';
import { Alert, App, Button, Descriptions, Flex, Modal, Table, type TableColumnsType, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { downloadImportTemplate } from '../downloads/importTemplate';
import { acceptAttribute, uploadProblem } from '../widgets/upload/fileRules';
import type { ImportBatchLink } from './family';
import { type ImportFailure, type ImportProblem, importLimits, useImportSheet } from './importSheet';
import { pageLink } from './routes';

const problemColumns: TableColumnsType<ImportProblem> = [
  { title: '行号', dataIndex: 'row', width: 72 },
  { title: '字段', dataIndex: 'field', width: 110 },
  { title: '问题', dataIndex: 'message' },
];

/**
 * What a refused import says above its problems, once: the problems are the table's to list (the server's
 * message names the first few again), so the line only counts them; a refusal without rows (a sheet that
 * is not the template, a failure of the server) is its message.
 */
function summaryOf(failure: ImportFailure): string {
  if (failure.problems.length === 0) return failure.message;
  const listed = failure.total > failure.problems.length ? `，下表列出前${failure.problems.length}处` : '';
  return `导入失败：共${failure.total}处问题${listed}，请修改后重新导入（本次未保存任何数据）`;
}

/** What a row-by-row import kept: its counts, and a link to each row's result. */
function BatchResult({
  title,
  batch,
  batchPage,
  onClose,
}: {
  title: string;
  batch: ImportBatchResult;
  batchPage?: ImportBatchLink | undefined;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const items = [
    { key: 'rows', label: '总行数', children: batch.rows },
    { key: 'imported', label: '已导入', children: batch.imported },
    { key: 'duplicates', label: '重复跳过', children: batch.duplicates },
    { key: 'refused', label: '未通过', children: batch.refused },
  ];
  const open = () => {
    onClose();
    if (batchPage) navigate(`${pageLink(batchPage.route)}?${batchPage.param}=${encodeURIComponent(batch.batchId)}`);
  };
  return (
    <Modal
      open
      title={`${title}结果`}
      onCancel={onClose}
      footer={[
        batchPage && (
          <Button key="detail" onClick={open}>
            查看每行结果
          </Button>
        ),
        <Button key="ok" type="primary" onClick={onClose}>
          知道了
        </Button>,
      ]}
    >
      <Flex vertical gap={16}>
        <Alert
          type={batch.refused > 0 ? 'warning' : 'success'}
          showIcon
          title={`导入完成：已导入${batch.imported}条，重复跳过${batch.duplicates}条，未通过${batch.refused}条`}
        />
        <Descriptions size="small" bordered column={4} items={items} />
      </Flex>
    </Modal>
  );
}

/**
 * 导入: download the template, choose a filled-in sheet, import it whole or see every problem — shown once,
 * in the dialog (the request layer adds no toast).
 */
export function ImportDialog({
  resource,
  title,
  onClose,
  batchPage,
}: {
  resource: Resource;
  title: string;
  onClose: () => void;
  /** Where a batch's per-row results are read, for a resource importing row by row. */
  batchPage?: ImportBatchLink | undefined;
}) {
  const { message } = App.useApp();
  const limits = importLimits(resource);
  const byRow = resource.import?.mode === 'rows';
  const [batch, setBatch] = useState<ImportBatchResult | null>(null);
  const { file, choose, start, importing, failure } = useImportSheet(resource, (result) => {
    if ('batchId' in result) return setBatch(result);
    message.success(`导入成功：新增${result.imported}条，跳过重复${result.skipped}条`);
    onClose();
  });
  if (batch)
    return <BatchResult title={`${title}${resource.title}`} batch={batch} batchPage={batchPage} onClose={onClose} />;
  const download = () =>
    downloadImportTemplate(resource.key, `${resource.title}导入模板.xlsx`).catch((error: Error) =>
      message.error(error.message),
    );
  const beforeUpload = (chosen: File) => {
    const problem = uploadProblem(chosen, limits);
    if (problem) message.error(problem);
    else choose(chosen);
    // The file is sent by 开始导入, not by the upload control.
    return problem ? Upload.LIST_IGNORE : false;
  };

  return (
    <Modal
      open
      title={`${title}${resource.title}`}
      width={680}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="start" type="primary" loading={importing} disabled={!file || importing} onClick={start}>
          开始导入
        </Button>,
      ]}
    >
      <Flex vertical gap={16}>
        <Typography.Text>
          {byRow
            ? '请按模板填写后上传，每行单独校验：通过的行保存，重复的行跳过，有错误的行不导入并说明原因。'
            : '请按模板填写后上传，全部行通过校验才会保存；与已有数据重复的行会跳过。'}
          {resource.import?.note}
          <Button type="link" size="small" onClick={download}>
            下载模板
          </Button>
        </Typography.Text>
        <Upload.Dragger
          accept={acceptAttribute(limits.accept)}
          maxCount={1}
          fileList={file ? [{ uid: 'chosen', name: file.name, status: 'done' }] : []}
          beforeUpload={beforeUpload}
          onRemove={() => choose(null)}
          disabled={importing}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined aria-hidden />
          </p>
          <p className="ant-upload-text">点击或拖拽文件到此处</p>
          <p className="ant-upload-hint">
            仅支持 .xlsx，不超过{limits.maxSizeMb}MB，一次最多{limits.maxRows}条
          </p>
        </Upload.Dragger>
        {failure && <Alert type="error" showIcon title={summaryOf(failure)} />}
        {failure && failure.problems.length > 0 && (
          <Table<ImportProblem>
            size="small"
            rowKey={(problem) => `${problem.row}-${problem.field}`}
            columns={problemColumns}
            dataSource={failure.problems}
            pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
          />
        )}
      </Flex>
    </Modal>
  );
}
