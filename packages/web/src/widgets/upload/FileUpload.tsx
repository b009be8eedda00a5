import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, message, Progress, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useWidgetApi } from '../api/WidgetApiContext';
import type { UploadedFile, UploadFileFn } from '../api/widgetApi';
import { FilePreviewModal } from './FilePreviewModal';
import { acceptAttribute, defaultFileLimit, type UploadLimits, uploadMessages, uploadProblem } from './fileRules';
import { useFileUploads } from './useFileUploads';

export interface FileUploadProps extends UploadLimits {
  value?: UploadedFile[];
  onChange?: (files: UploadedFile[]) => void;
  /** At most this many files (5 by default). */
  limit?: number;
  /** Sends the file somewhere else than the context's `uploadFile`. */
  upload?: UploadFileFn;
  buttonText?: string;
  disabled?: boolean;
}

const noFiles: UploadedFile[] = [];

/** A form field holding uploaded files: checks them, shows progress, lists them with a preview. */
export function FileUpload({
  value = noFiles,
  onChange = () => {},
  limit = defaultFileLimit,
  accept,
  maxSizeMb,
  upload,
  buttonText = '上传文件',
  disabled,
}: FileUploadProps) {
  const api = useWidgetApi();
  const [messageApi, messageHolder] = message.useMessage();
  const [previewing, setPreviewing] = useState<UploadedFile | null>(null);
  const { pending, start, remove } = useFileUploads({
    value,
    onChange,
    upload: upload ?? api.uploadFile,
    onError: (text) => messageApi.error(text),
  });
  const used = value.length + pending.length;

  const beforeUpload = (file: File, batch: File[]) => {
    const problem =
      used + batch.indexOf(file) >= limit ? uploadMessages.tooMany(limit) : uploadProblem(file, { accept, maxSizeMb });
    if (!problem) return true;
    messageApi.error(problem);
    return Upload.LIST_IGNORE;
  };

  return (
    <div>
      {messageHolder}
      {used < limit && !disabled && (
        <Upload
          accept={acceptAttribute(accept)}
          multiple={limit > 1}
          fileList={[]}
          showUploadList={false}
          beforeUpload={beforeUpload}
          customRequest={({ file }) => void start((file as File & { uid: string }).uid, file as File)}
        >
          <Button icon={<UploadOutlined aria-hidden />}>{buttonText}</Button>
        </Upload>
      )}
      {pending.map((item) => (
        <div key={item.uid} role="status" aria-label={`${item.name} ${uploadMessages.uploading}`}>
          <Typography.Text type="secondary">
            {uploadMessages.uploading} {item.name}
          </Typography.Text>
          <Progress percent={item.percent} size="small" />
        </div>
      ))}
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {value.map((file) => (
          <li key={file.fileLocation}>
            <Flex align="center" gap={4}>
              <PaperClipOutlined aria-hidden />
              <Button type="link" size="small" onClick={() => setPreviewing(file)}>
                {file.attachmentName}
              </Button>
              {!disabled && (
                <Button
                  type="text"
                  size="small"
                  aria-label={`删除 ${file.attachmentName}`}
                  icon={<DeleteOutlined aria-hidden />}
                  onClick={() => remove(file)}
                />
              )}
            </Flex>
          </li>
        ))}
      </ul>
      <FilePreviewModal file={previewing} onClose={() => setPreviewing(null)} />
    </div>
  );
}
