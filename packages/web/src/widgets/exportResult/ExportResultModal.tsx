import { Button, Modal, Result } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';

const downloadCenterPath = '/downloadRecord';
const exportResultText = '提交结果页用于反馈一系列操作任务的处理结果，请到下载中心进行查看';

/** Shown after an export is queued: stay on the list, or go to the download center for the file. */
export function ExportResultModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Modal open={open} onCancel={onClose} footer={null} centered destroyOnHidden>
      <Result
        status="success"
        title="提交成功"
        subTitle={exportResultText}
        extra={[
          <Button key="back" onClick={onClose}>
            返回列表
          </Button>,
          <Button
            key="downloads"
            type="primary"
            onClick={() => {
              onClose();
              navigate(downloadCenterPath);
            }}
          >
            跳转至下载中心
          </Button>,
        ]}
      />
    </Modal>
  );
}

/** `const [showExportResult, exportResult] = useExportResult()`: render `exportResult`, call after exporting. */
export function useExportResult(): [show: () => void, modal: React.ReactElement] {
  const [open, setOpen] = useState(false);
  return [() => setOpen(true), <ExportResultModal key="export-result" open={open} onClose={() => setOpen(false)} />];
}
