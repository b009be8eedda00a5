import { Button, Modal, Typography } from 'antd';
import type { ResourceRecord } from '../resource';

/** A one-time password, shown once: the operator passes it on; it is not shown again. */
export function IssuedPassword({ answer, onClose }: { answer: ResourceRecord; onClose: () => void }) {
  return (
    <Modal
      open
      title="一次性密码"
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          我已记下
        </Button>
      }
    >
      <Typography.Paragraph>
        {String(answer.userName ?? '')}（{String(answer.loginId ?? '')}）的登录密码：
      </Typography.Paragraph>
      <Typography.Title level={3} copyable>
        {String(answer.password ?? '')}
      </Typography.Title>
      <Typography.Text type="secondary">请立即告知该用户。关闭后无法再次查看，忘记时只能重新重置。</Typography.Text>
    </Modal>
  );
}
