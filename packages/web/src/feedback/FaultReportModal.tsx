import { Form, Input, Select } from 'antd';
import { FeedbackFormModal, type Notifier } from './FeedbackFormModal';
import type { FeedbackApi } from './feedbackApi';
import { MenuField, ProblemField, ScreenshotField } from './feedbackFields';
import { faultTypes, type MenuOption } from './feedbackOptions';
import { type FaultValues, faultPayload } from './feedbackPayloads';

interface FaultReportModalProps {
  open: boolean;
  onClose: () => void;
  menuOptions: MenuOption[];
  api: FeedbackApi;
  notify: Notifier;
}

export function FaultReportModal({ open, onClose, menuOptions, api, notify }: FaultReportModalProps) {
  return (
    <FeedbackFormModal<FaultValues>
      title="故障上报"
      open={open}
      onClose={onClose}
      notify={notify}
      initialValues={{ url: window.location.href }}
      submit={(values) => api.submitFault(faultPayload(values))}
    >
      <Form.Item label="类型" name="type" rules={[{ required: true, message: '请选择类型' }]}>
        <Select placeholder="请选择" options={faultTypes} />
      </Form.Item>
      <MenuField options={menuOptions} />
      <Form.Item label="页面地址" name="url" rules={[{ required: true, whitespace: true, message: '请输入页面地址' }]}>
        <Input placeholder="请输入" />
      </Form.Item>
      <ProblemField />
      <ScreenshotField upload={api.uploadScreenshot} />
    </FeedbackFormModal>
  );
}
