import { Button, Modal, Typography } from 'antd';
import type { ResourceRecord } from '../resource';

function Once({ title, children, onClose }: { title: string; children: React.ReactNode; onClose: () => void }) {
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          我已记下
        </Button>
      }
    >
      {children}
    </Modal>
  );
}

/** A key's `X-App-Key` value, shown once: only its hash is kept, so it cannot be shown again. */
export function IssuedAppKey({ answer, onClose }: { answer: ResourceRecord; onClose: () => void }) {
  return (
    <Once title="APP凭证已签发" onClose={onClose}>
      <Typography.Paragraph>「{String(answer.name ?? '')}」的 X-App-Key：</Typography.Paragraph>
      <Typography.Paragraph code copyable>
        {String(answer.header ?? '')}
      </Typography.Paragraph>
      <Typography.Text type="secondary">
        请立即配置到司机APP的后端。关闭后无法再次查看，遗失时只能轮换或重新签发。
      </Typography.Text>
    </Once>
  );
}

/** A new branch company is in a scope of its own: the creator reaches it by switching to it. */
export function CompanyCreated({ answer, onClose }: { answer: ResourceRecord; onClose: () => void }) {
  return (
    <Once title="公司已新增" onClose={onClose}>
      <Typography.Paragraph>
        「{String(answer.tenantName ?? '')}」已建立，您已是该公司的超级管理员，默认审批流程已建立。
      </Typography.Paragraph>
      <Typography.Text type="secondary">
        在右上角切换到该公司后，即可查看、编辑它的运营配置并签发APP凭证。
      </Typography.Text>
    </Once>
  );
}
