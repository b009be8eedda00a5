import { InboxOutlined } from '@ant-design/icons';
import type { Resource } from '@cp/contracts';
import { Alert, App, Button, Flex, Modal, Table, type TableColumnsType, Typography, Upload } from 'antd';
import { downloadImportTemplate } from '../downloads/importTemplate';
import { acceptAttribute, uploadProblem } from '../widgets/upload/fileRules';
import { type ImportFailure, type ImportProblem, importLimits, useImportSheet } from './importSheet';

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
export function summaryOf(failure: ImportFailure): string {
  if (failure.problems.length === 0) return failure.message;
  const listed = failure.total > failure.problems.length ? `，下表列出前${failure.problems.length}处` : '';
  return `导入失败：共${failure.total}处问题${listed}，请修改后重新导入（本次未保存任何数据）`;
}

/**
 * 导入: download the template, choose a filled-in sheet, import it whole or see every problem — shown once,
 * in the dialog (the request layer adds no toast).
 */
export function ImportDialog({ resource, title, onClose }: { resource: Resource; title: string; onClose: () => void }) {
  const { message } = App.useApp();
  const limits = importLimits(resource);
  const { file, choose, start, importing, failure } = useImportSheet(resource, ({ imported, skipped }) => {
    message.success(`导入成功：新增${imported}条，跳过重复${skipped}条`);
    onClose();
  });
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
          请按模板填写后上传，全部行通过校验才会保存；与已有数据重复的行会跳过。{resource.import?.note}
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
