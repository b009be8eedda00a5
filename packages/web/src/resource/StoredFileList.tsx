import { PaperClipOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { FilePreviewModal, type UploadedFile } from '../widgets';
import { fileExtension } from '../widgets/upload/fileRules';

/** A stored location (`private/2024/合同.pdf`) as the upload widget holds it. */
export function toUploadedFile(fileLocation: string): UploadedFile {
  const attachmentName = fileLocation.split('/').at(-1) || fileLocation;
  return { fileLocation, attachmentName, fileExtensions: fileExtension(attachmentName) };
}

/** Stored files by name; a click opens the 查看附件 preview. */
export function StoredFileList({ files }: { files: readonly string[] }) {
  const [previewing, setPreviewing] = useState<UploadedFile | null>(null);
  if (files.length === 0) return <span>暂无附件</span>;
  return (
    <>
      <Flex vertical gap={2}>
        {files.map(toUploadedFile).map((file) => (
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
