import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, InputNumber, Modal, Spin } from 'antd';
import { useState } from 'react';
import { get, put } from '../request';

interface FinanceSettings {
  billLeadDays: number;
}

const settingsKey = ['financeSettings'] as const;

/**
 * 出账设置 on 坏账分级配置 (its 编辑 button): how many days before a period's due date the billing job issues its
 * bill (出账提前天数, per branch company; the bill is activated on the due date).
 */
export function BillingSettings() {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<FinanceSettings>();
  const { message } = App.useApp();
  const client = useQueryClient();
  const settings = useQuery({
    queryKey: settingsKey,
    queryFn: () => get<FinanceSettings>('/api/finance-settings'),
    enabled: open,
  });
  const save = useMutation({
    mutationFn: (values: FinanceSettings) => put('/api/finance-settings', values),
    onSuccess: async () => {
      message.success('操作成功');
      setOpen(false);
      await client.invalidateQueries({ queryKey: settingsKey });
    },
  });
  return (
    <>
      <Button onClick={() => setOpen(true)}>出账设置</Button>
      <Modal
        open={open}
        title="出账设置"
        okText="保存"
        cancelText="取消"
        confirmLoading={save.isPending}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {settings.data ? (
          <Form form={form} layout="vertical" initialValues={settings.data} onFinish={(values) => save.mutate(values)}>
            <Form.Item
              name="billLeadDays"
              label="出账提前天数"
              rules={[{ required: true, message: '请输入出账提前天数' }]}
              extra="出账任务在应收日期前几天出账（未激活），到应收日期自动激活；0到60天"
            >
              <InputNumber min={0} max={60} precision={0} suffix="天" style={{ width: 160 }} />
            </Form.Item>
          </Form>
        ) : (
          <Spin />
        )}
      </Modal>
    </>
  );
}
