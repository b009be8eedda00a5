import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Spin } from 'antd';
import type { UploadedFile } from '../api/widgetApi';
import { PdfViewer } from '../pdf/PdfViewer';
import { fileKind } from './fileRules';
import { useFileUrl } from './useFileUrl';

/** The `查看附件` dialog: images inline, PDFs in the reader, anything else as a download. */
export function FilePreviewModal({ file, onClose }: { file: UploadedFile | null; onClose: () => void }) {
  return (
    <Modal title="查看附件" open={file !== null} onCancel={onClose} footer={null} width={960} destroyOnHidden centered>
      {file && <Preview file={file} />}
    </Modal>
  );
}

function Preview({ file }: { file: UploadedFile }) {
  const state = useFileUrl(file);
  if (state.status === 'loading') return <Spin style={{ display: 'block', padding: 48 }} />;
  if (state.status === 'failed') return <Alert type="error" title={state.message} />;
  const kind = fileKind(file.fileExtensions);
  if (kind === 'image') {
    return (
      <img src={state.url} alt={file.attachmentName} style={{ display: 'block', maxWidth: '100%', margin: '0 auto' }} />
    );
  }
  if (kind === 'pdf') return <PdfViewer url={state.url} fileName={file.attachmentName} />;
  return (
    <Flex vertical align="center" gap={16} style={{ padding: 32 }}>
      <span>{file.attachmentName}</span>
      <Button
        type="primary"
        icon={<DownloadOutlined aria-hidden />}
        href={state.url}
        target="_blank"
        download={file.attachmentName}
      >
        下载附件
      </Button>
    </Flex>
  );
}
