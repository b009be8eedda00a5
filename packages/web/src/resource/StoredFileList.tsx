import { PaperClipOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { FilePreviewModal, type UploadedFile } from '../widgets';
import { fileExtension } from '../widgets/upload/fileRules';
import type { FileNames } from './fileNames';

/**
 * A stored location (`private/2026/11/3f…e1.pdf`) as the upload widget holds it, with the name it was
 * uploaded with when the answer carried it (the location's last part otherwise).
 */
export function toUploadedFile(fileLocation: string, names?: FileNames): UploadedFile {
  const attachmentName = names?.[fileLocation] || fileLocation.split('/').at(-1) || fileLocation;
  return { fileLocation, attachmentName, fileExtensions: fileExtension(fileLocation) };
}

/** Stored files by name; a click opens the 查看附件 preview. */
export function StoredFileList({ files, names }: { files: readonly string[]; names?: FileNames | undefined }) {
  const [previewing, setPreviewing] = useState<UploadedFile | null>(null);
  if (files.length === 0) return <span>暂无附件</span>;
  return (
    <>
      <Flex vertical gap={2}>
        {files
          .map((location) => toUploadedFile(location, names))
          .map((file) => (
            <Button
              key={file.fileLocation}
              type="link"
              size="small"
              icon={<PaperClipOutlined aria-hidden />}
              style={{ padding: 0, justifyContent: 'flex-start' }}
              onClick={() => setPreviewing(file)}
            >
              {file.attachmentName}
            </Button>
          ))}
      </Flex>
      <FilePreviewModal file={previewing} onClose={() => setPreviewing(null)} />
    </>
  );
}
