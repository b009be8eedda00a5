import { Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { widgetClient } from '../request';
import type { UploadedFile } from '../widgets/api/widgetApi';
import { uploadWith } from '../widgets/api/widgetApi';
import { FileUpload } from '../widgets/upload/FileUpload';

const publicUpload = uploadWith(widgetClient, '/api/gateway/storage/file/public');

/**
 * 上传公开文件: images, PDFs and MP4 clips stored for good under a public link (the drivers' app opens them
 * without a session), to place in a content's 正文. Each uploaded file's link is shown to copy.
 */
export function PublicUpload({ title }: { title: string }) {
  const [open, setOpen] = useState(false);
  const [uploaded, setUploaded] = useState<UploadedFile[]>([]);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{title}</Button>
      {open && (
        <Modal open title={title} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
          <Typography.Paragraph type="secondary">
            公开文件任何人凭链接即可访问，请勿上传含个人信息的文件。支持图片、PDF、MP4，每个不超过10MB。
          </Typography.Paragraph>
          <FileUpload
            value={uploaded}
            onChange={setUploaded}
            upload={publicUpload}
            accept={['jpg', 'jpeg', 'png', 'webp', 'gif', 'pdf', 'mp4']}
            maxSizeMb={10}
            limit={5}
          />
          {uploaded.map((file) => (
            <Typography.Paragraph key={file.fileLocation} copyable={{ text: file.url ?? file.fileLocation }}>
              {file.attachmentName}：{file.url ?? file.fileLocation}
            </Typography.Paragraph>
          ))}
        </Modal>
      )}
    </>
  );
}
