import { Form, Input, Select } from 'antd';
import { FeedbackFormModal, type Notifier } from './FeedbackFormModal';
import type { FeedbackApi } from './feedbackApi';
import { MenuField, ProblemField, ScreenshotField } from './feedbackFields';
import { type MenuOption, maxSuggestionScreenshots, suggestionLevels } from './feedbackOptions';
import { type SuggestionValues, suggestionPayload } from './feedbackPayloads';

interface SuggestionModalProps {
  open: boolean;
  onClose: () => void;
  menuOptions: MenuOption[];
  api: FeedbackApi;
  notify: Notifier;
}

export function SuggestionModal({ open, onClose, menuOptions, api, notify }: SuggestionModalProps) {
  return (
    <FeedbackFormModal<SuggestionValues>
      title="建议"
      open={open}
      onClose={onClose}
      notify={notify}
      submit={(values) => api.submitSuggestion(suggestionPayload(values))}
    >
      <Form.Item label="角色" name="role" rules={[{ required: true, whitespace: true, message: '请输入角色' }]}>
        <Input placeholder="请输入" />
      </Form.Item>
      <MenuField options={menuOptions} />
      <ProblemField />
      <Form.Item label="等级" name="level" rules={[{ required: true, message: '请选择等级' }]}>
        <Select placeholder="请选择" options={suggestionLevels} />
      </Form.Item>
      <ScreenshotField upload={api.uploadScreenshot} limit={maxSuggestionScreenshots} />
    </FeedbackFormModal>
  );
}
