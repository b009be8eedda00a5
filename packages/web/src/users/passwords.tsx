import { userResource } from '@cp/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { post } from '../request';
import type { ResourceRecord } from '../resource';

/** A one-time password, shown once: the operator passes it on; it is not shown again. */
export function IssuedPassword({ answer, onClose }: { answer: ResourceRecord; onClose: () => void }) {
  return (
    <Modal
      open
      title="一次性密码"
      okText="我已记下"
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ hidden: true }}
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

/** 重置密码 of a row: confirmed first; the new one-time password is then shown once. */
export function ResetPassword({ record, title }: { record?: ResourceRecord; title: string }) {
  const { modal } = App.useApp();
  const [issued, setIssued] = useState<ResourceRecord | null>(null);
  const reset = useMutation({
    mutationFn: () => post<{ password: string }>(`${userResource.endpoint}/${record?.id}/reset-password`),
    onSuccess: ({ password }) => setIssued({ ...(record as ResourceRecord), password }),
  });
  const confirm = () =>
    modal.confirm({
      title: `确定重置密码 ${String(record?.userName ?? '')} 吗？`,
      content: '重置后原密码立即失效，该用户的登录会全部退出。',
      okText: '重置',
      cancelText: '取消',
      onOk: () => reset.mutateAsync(),
    });
  return (
    <>
      <Button type="link" size="small" onClick={confirm}>
        {title}
      </Button>
      {issued && <IssuedPassword answer={issued} onClose={() => setIssued(null)} />}
    </>
  );
}
