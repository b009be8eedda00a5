import { Form, Input, Select } from 'antd';
import type { UploadFileFn } from '../widgets/api/widgetApi';
import { FileUpload } from '../widgets/upload/FileUpload';
import { type MenuOption, screenshotExtensions } from './feedbackOptions';

export function MenuField({ options }: { options: MenuOption[] }) {
  return (
    <Form.Item label="菜单" name="menu" rules={[{ required: true, message: '请选择菜单' }]}>
      <Select placeholder="请选择" options={options} showSearch={{ optionFilterProp: 'label' }} />
    </Form.Item>
  );
}

export function ProblemField() {
  return (
    <Form.Item label="问题" name="problem" rules={[{ required: true, whitespace: true, message: '请输入问题' }]}>
      <Input.TextArea placeholder="请输入" autoSize={{ minRows: 3, maxRows: 8 }} />
    </Form.Item>
  );
}

export function ScreenshotField({ upload, limit }: { upload: UploadFileFn; limit?: number }) {
  return (
    <Form.Item label="截图" name="pic">
      <FileUpload upload={upload} limit={limit} accept={screenshotExtensions} buttonText="上传截图" />
    </Form.Item>
  );
}
